import "../zod-config";
import { z } from "zod";
import { cleanText, FORM_KINDS, HONEYPOT_FIELD, type FormKind } from "./forms";

/** What travels with every lead besides the form's fields (SPEC §3 lead payload, §7). */
export const LeadMetaSchema = z.object({
  form: z.enum(FORM_KINDS as [FormKind, ...FormKind[]]),
  vehicle: cleanText(200).optional(),
  url: cleanText(2000).optional(),
  page_id: cleanText(100).optional(),
  visited_pages: z.array(cleanText(500)).max(50).default([]),
  linked_query_params: z.record(cleanText(40), cleanText(500)).default({}),
  has_files: z.boolean().optional(),
  [HONEYPOT_FIELD]: z.string().max(500).optional(),
});
export type LeadMeta = z.infer<typeof LeadMetaSchema>;

/** The body of POST /api/leads and PUT /api/leads/{id}: `{ lead: { … } }`. */
export const LeadEnvelopeSchema = z.object({ lead: z.record(z.string(), z.unknown()) });

export type LeadSite = {
  slug: string;
  fixedDealershipSlug: string | null;
  pushToPrimary: boolean;
  primary: { id: number; dealershipSlug: string | null } | null;
  locations: Array<{ id: number; dealershipSlug: string | null }>;
  defaultDealershipSlug: string | null;
};

export type PreparedLead = Record<string, unknown> & {
  category: string;
  subcategory: string | null;
  name: string;
  first_name: string;
  last_name: string;
  source: "Website";
  website_slug: string;
  dealership_slug: string | null;
  location_id: number | null;
};

/**
 * Server-side rules before a lead is stored (SPEC §4, §5, §7): name filled from first_name when
 * empty or 'undefined undefined'; Careers Enquiry → General Enquiry / Career Enquiry; fixed
 * dealership slugs; the primary-location override; source Website.
 */
export function prepareLead(
  fields: Record<string, unknown>,
  meta: { category: string; subcategory?: string | null; url?: string; userAgent?: string | null },
  site: LeadSite,
): PreparedLead {
  const str = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  let category = meta.category;
  let subcategory: string | null = meta.subcategory ?? null;
  if (category === "Careers Enquiry") {
    category = "General Enquiry";
    subcategory = "Career Enquiry";
  }
  const name = str(fields.name);
  const locationId = typeof fields.location === "number" ? fields.location : null;
  const location = site.locations.find((l) => l.id === locationId) ?? null;
  let dealershipSlug = str(fields.dealership_slug) || location?.dealershipSlug || site.defaultDealershipSlug;
  let finalLocationId = location?.id ?? null;
  if (site.pushToPrimary && site.primary) {
    dealershipSlug = site.primary.dealershipSlug ?? dealershipSlug;
    finalLocationId = site.primary.id;
  }
  if (site.fixedDealershipSlug) dealershipSlug = site.fixedDealershipSlug;
  const { location: _l, name: _n, ...rest } = fields;
  return {
    ...rest,
    category,
    subcategory,
    name: !name || name === "undefined undefined" ? str(fields.first_name) : name,
    first_name: str(fields.first_name),
    last_name: str(fields.last_name),
    source: "Website",
    website_slug: site.slug,
    url: meta.url ?? null,
    user_agent: meta.userAgent ?? null,
    dealership_slug: dealershipSlug ?? null,
    location_id: finalLocationId,
  };
}

/** `/success?category={slug}`; extra key/values follow; a car_type key replaces the category (SPEC §2). */
export function successUrl(category: string, extras: Array<[string, string]> = []): string {
  let slug = category.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  const params = new URLSearchParams();
  for (const [k, v] of extras) {
    if (k === "car_type") slug = v === "demo" ? "demo-vehicle-enquiry" : v === "used" ? "used-vehicle-enquiry" : "new-vehicle-enquiry";
    else params.append(k, v);
  }
  const rest = params.toString();
  return `/success?category=${slug}${rest ? `&${rest}` : ""}`;
}

export { EVENT_IDS, formSubmitEventId } from "./events";

/** Thank-you wording per success category. */
export function thankYou(categorySlug: string): { title: string; body: string } {
  const map: Record<string, [string, string]> = {
    "new-vehicle-enquiry": ["Thanks for your enquiry", "Our sales team will be in touch shortly about this vehicle."],
    "demo-vehicle-enquiry": ["Thanks for your enquiry", "Our sales team will be in touch shortly about this demo vehicle."],
    "used-vehicle-enquiry": ["Thanks for your enquiry", "Our pre-owned team will be in touch shortly about this vehicle."],
    "service-enquiry": ["Your service booking request is in", "Our service team will confirm your booking time shortly."],
    "parts-enquiry": ["Thanks for your parts enquiry", "Our parts team will check availability and get back to you."],
    "finance-enquiry": ["Thanks for your finance enquiry", "A finance specialist will contact you to talk through your options."],
    "sell-my-car-enquiry": ["Thanks, we’ve got your vehicle details", "We’ll be in touch with a valuation shortly."],
    "fleet-enquiry": ["Thanks for your fleet enquiry", "Our fleet manager will contact you shortly."],
    "careers-enquiry": ["Thanks for your application", "Our team will review it and be in touch."],
    "general-enquiry": ["Thanks for getting in touch", "We’ll get back to you as soon as we can."],
  };
  const [title, body] = (Object.hasOwn(map, categorySlug) ? map[categorySlug] : undefined) ?? map["general-enquiry"]!;
  return { title, body };
}
