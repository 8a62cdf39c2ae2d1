import type { LeadFormSite } from "@/domain/leads/forms";

/** The form tests' site: Australian, one dealership with one location (no picker), a message required, the marketing box ticked (the spec's default). */
export const TEST_FORM_SITE: LeadFormSite = {
  name: "Parkside Motor Group",
  market: "AU",
  zip: false,
  leadBase: "/api",
  locations: [{ id: 10011, name: "Parkside Mazda", dealershipSlug: "parkside-mazda" }],
  dealerships: [{ slug: "parkside-mazda", name: "Parkside Mazda" }],
  messageOptional: false,
  state: "vic",
  optInTicked: true,
};
