import type { SiteContext } from "../site/context";
import { phoneMarket, type PhoneMarket } from "./phone";
import { NOTICE_MINUTES, testDriveDays, type LocationHours, type SlotDay } from "./test-drive";
import { bookableDays } from "../bookings/slots";
import { bookingLocations, bookingRules } from "../site/bookings";
import { localTime } from "../locations/hours";
import type { SpecialHoursEntry } from "../site/types";
import { dealerState } from "../site/region";

/** Enquiry types, as categories. */
export const ENQUIRY_TYPES = [
  "General Enquiry",
  "Service Enquiry",
  "Parts Enquiry",
  "New Vehicle Enquiry",
  "Used Vehicle Enquiry",
  "Fleet Enquiry",
  "Finance Enquiry",
  "Careers Enquiry",
  "Sell My Car Enquiry",
] as const;
export const DEFAULT_CATEGORY = "General Enquiry";
export const DEFAULT_STATE = "qld"; // the spec's default state, where the dealer's own is not known (LeadFormSite.state)
export const STATES = [
  ["act", "ACT"],
  ["nsw", "NSW"],
  ["nt", "NT"],
  ["qld", "QLD"],
  ["sa", "SA"],
  ["tas", "TAS"],
  ["vic", "VIC"],
  ["wa", "WA"],
] as const;
export const STATE_CODES = STATES.map(([v]) => v);
export type StateCode = (typeof STATES)[number][0];
/** Lead source options: a social marketplace, a social network, a photo-sharing network, a search engine, … */
export const LEAD_SOURCES = [
  "Facebook Marketplace",
  "Facebook",
  "Instagram",
  "Google",
  "Word of Mouth",
  "Car Sales",
  "Repeat Customer",
  "Other",
] as const;
export const ADDITIONAL_SERVICES = ["Logbook service", "Tyres", "Battery", "Brakes", "Wheel alignment", "Air conditioning"] as const;
export const HONEYPOT_FIELD = "company_website";

export type FieldName =
  | "first_name"
  | "middle_name"
  | "last_name"
  | "email"
  | "phone"
  | "postcode"
  | "category"
  | "location"
  | "dealership_slug"
  | "day"
  | "month"
  | "year"
  | "Rego"
  | "state"
  | "additional_services"
  | "trade_vehicle"
  | "odometer"
  | "loan_amount"
  | "company"
  | "position"
  | "message"
  | "where_did_you_hear"
  | "opt_in"
  | "time";

export type FormKind =
  | "vehicle"
  | "test-drive"
  | "service"
  | "parts"
  | "finance"
  | "finance-pre-approval"
  | "trade-in"
  | "sell-my-car"
  | "fleet"
  | "careers"
  | "contact"
  | "chat";
export const FORM_KINDS: FormKind[] = [
  "vehicle",
  "test-drive",
  "service",
  "parts",
  "finance",
  "finance-pre-approval",
  "trade-in",
  "sell-my-car",
  "fleet",
  "careers",
  "contact",
  "chat",
];

export type FormDef = {
  kind: FormKind;
  title: string;
  /** fixed category; null → the shopper picks one (contact form) */
  category: string | null;
  subcategory?: string;
  fields: FieldName[];
  /** the phone must be a mobile (AU mobile-only rule; labelled "Mobile") */
  mobileOnly?: boolean;
  /** fields that may be left empty (every field is required unless marked optional) */
  optional: FieldName[];
  /** its date is a booking: from today (the location's own) to a year ahead */
  booking?: boolean;
  submit: string;
};

const PERSON: FieldName[] = ["first_name", "middle_name", "last_name", "email", "phone", "postcode"];
const ALWAYS_OPTIONAL: FieldName[] = ["middle_name", "Rego", "opt_in", "where_did_you_hear", "additional_services"];
const def = (d: Omit<FormDef, "optional"> & { optional?: FieldName[] }): FormDef => ({
  ...d,
  optional: [...ALWAYS_OPTIONAL, ...(d.optional ?? [])],
});

export const FORMS: Record<FormKind, FormDef> = {
  vehicle: def({
    kind: "vehicle",
    title: "Enquire about this vehicle",
    category: "New Vehicle Enquiry",
    fields: [...PERSON, "location", "message", "where_did_you_hear", "opt_in"],
    optional: ["message"],
    submit: "Send enquiry",
  }),
  "test-drive": def({
    kind: "test-drive",
    mobileOnly: true,
    title: "Book a Test Drive",
    category: "New Vehicle Enquiry",
    subcategory: "Test Drive",
    booking: true,
    fields: [...PERSON, "location", "day", "month", "year", "time", "message", "where_did_you_hear", "opt_in"],
    optional: ["message"],
    submit: "Book test drive",
  }),
  service: def({
    kind: "service",
    title: "Book a Service",
    category: "Service Enquiry",
    booking: true,
    // a time where the site has a workshop; left empty, the day is a preferred day for the workshop to confirm
    fields: [...PERSON, "location", "Rego", "state", "day", "month", "year", "time", "additional_services", "message", "opt_in"],
    optional: ["message", "time"],
    submit: "Book service",
  }),
  parts: def({
    kind: "parts",
    title: "Parts & Accessories",
    category: "Parts Enquiry",
    fields: [...PERSON, "location", "Rego", "state", "message", "opt_in"],
    submit: "Send parts enquiry",
  }),
  finance: def({
    kind: "finance",
    title: "Finance Enquiry",
    category: "Finance Enquiry",
    fields: [...PERSON, "loan_amount", "message", "where_did_you_hear", "opt_in"],
    optional: ["message", "loan_amount"],
    submit: "Send finance enquiry",
  }),
  "finance-pre-approval": def({
    kind: "finance-pre-approval",
    mobileOnly: true,
    title: "Finance Pre-Approval",
    category: "Finance Enquiry",
    subcategory: "Pre-Approval",
    fields: [...PERSON, "day", "month", "year", "loan_amount", "message", "opt_in"],
    optional: ["message"],
    submit: "Apply for pre-approval",
  }),
  "trade-in": def({
    kind: "trade-in",
    title: "Value My Trade-In",
    category: "Sell My Car Enquiry",
    subcategory: "Trade-In",
    fields: [...PERSON, "trade_vehicle", "odometer", "Rego", "state", "message", "opt_in"],
    optional: ["message"],
    submit: "Value my trade-in",
  }),
  "sell-my-car": def({
    kind: "sell-my-car",
    title: "Sell My Car",
    category: "Sell My Car Enquiry",
    fields: [...PERSON, "trade_vehicle", "odometer", "Rego", "state", "message", "opt_in"],
    optional: ["message"],
    submit: "Get an offer",
  }),
  fleet: def({
    kind: "fleet",
    title: "Fleet Enquiry",
    category: "Fleet Enquiry",
    fields: [...PERSON, "company", "message", "opt_in"],
    submit: "Send fleet enquiry",
  }),
  careers: def({
    kind: "careers",
    title: "Careers",
    category: "Careers Enquiry",
    fields: [...PERSON, "position", "message", "opt_in"],
    submit: "Send application",
  }),
  contact: def({
    kind: "contact",
    title: "Contact Us",
    category: null,
    fields: [...PERSON, "category", "dealership_slug", "location", "Rego", "state", "message", "where_did_you_hear", "opt_in"],
    submit: "Send enquiry",
  }),
  // the local live-chat widget (live chat): a message from the chat becomes a lead
  chat: def({
    kind: "chat",
    title: "Chat with us",
    category: "General Enquiry",
    subcategory: "Live Chat",
    fields: ["first_name", "email", "phone", "message"],
    optional: ["phone"],
    submit: "Send message",
  }),
};

/**
 * The form a page shows: the contact form about a car (`/contact?vehicle=`, where a car's page sends a
 * shopper before its form's script runs) is that car's enquiry, filed by the car's type at its location.
 */
export const formAbout = (kind: FormKind, aboutACar: boolean): FormKind => (kind === "contact" && aboutACar ? "vehicle" : kind);

/**
 * The car history provider's payload is the lead payload, which has no vehicle description or
 * odometer: a payload sent there without a stored lead may leave out what only our trade-in and
 * sell-my-car forms ask for.
 */
export const CAR_HISTORY_OPTIONAL: readonly FieldName[] = ["trade_vehicle", "odometer"];

export const FIELD_LABELS: Record<FieldName, string> = {
  first_name: "First name",
  middle_name: "Middle name",
  last_name: "Last name",
  email: "Email",
  phone: "Phone",
  postcode: "Postcode",
  category: "Enquiry type",
  location: "Location",
  dealership_slug: "Dealership",
  day: "Day",
  month: "Month",
  year: "Year",
  Rego: "Rego",
  state: "State",
  additional_services: "Additional services",
  trade_vehicle: "Your vehicle (year, make and model)",
  odometer: "Odometer",
  loan_amount: "Amount to borrow ($)",
  company: "Company",
  position: "Position you are interested in",
  message: "Comments",
  where_did_you_hear: "Where did you hear about us?",
  opt_in: "Keep me up to date with news and offers",
  time: "Time",
};

/** Whether a key (e.g. of the API's 422 errors) names a form field. */
export const isFieldName = (key: string): key is FieldName => Object.hasOwn(FIELD_LABELS, key);

/** Which site facts change a form's rules (contact specifics, phone market). */
export type FormRules = {
  market: PhoneMarket;
  /** a site flag relaxes the message requirement */
  messageOptional: boolean;
  /** location select is shown (and so required) when the site has more than one location */
  locationIds: number[];
  /** dealership_slug is required when the site has several dealerships */
  dealershipSlugs: string[];
  zip: boolean; // US: 5-digit ZIP instead of the 4-digit postcode
  /** test drives: the bookable days and times per location id (absent: the form asks day, month and year) */
  testDriveSlots?: Record<number, SlotDay[]>;
  /** service bookings: each workshop's bookable days and free times (absent: the service form asks a preferred day only) */
  serviceSlots?: Record<number, SlotDay[]>;
  /** today's date where a booking's date is checked (absent: no range is checked) */
  today?: Today;
  /** what the site sets on every lead itself, so that a lead naming another is overridden, not refused */
  overrides?: Overrides;
};

/**
 * The spec's overrides: a site that pushes leads to its primary location sets their dealership and
 * location; a fixed dealership slug (rv-sales, 360-finance) sets the dealership.
 */
export type Overrides = { dealership?: boolean; location?: boolean };

/** Today's date (YYYY-MM-DD) at each location, in its own time zone, and at the site (a lead with no location). */
export type Today = { site: string; locations: Record<number, string> };

/** The date a booking counts from: the chosen location's today, else the site's. */
export const todayAt = (today: Today, locationId: number | undefined): string =>
  (locationId !== undefined ? today.locations[locationId] : undefined) ?? today.site;

/** A form that asks for a mobile takes only mobiles in Australia (elsewhere the market's own rule). */
export const phoneMarketOf = (form: FormDef, rules: Pick<FormRules, "market">): PhoneMarket =>
  form.mobileOnly && rules.market === "AU" ? "AU_MOBILE" : rules.market;

/** A field's label on a form: the phone of a form that asks for a mobile reads "Mobile". */
export function fieldLabel(form: FormDef, name: FieldName, rules: Pick<FormRules, "market" | "zip">): string {
  if (name === "phone" && phoneMarketOf(form, rules) === "AU_MOBILE") return "Mobile";
  if (name === "postcode" && rules.zip) return "ZIP code"; // US sites never say "Postcode"
  return FIELD_LABELS[name];
}

/** The fields a form shows for a site (location / dealership only where there is a choice). */
export function visibleFields(form: FormDef, rules: FormRules): FieldName[] {
  return form.fields.filter((f) => {
    if (f === "location") return rules.locationIds.length > 1;
    if (f === "dealership_slug") return rules.dealershipSlugs.length > 1;
    if (f === "state") return rules.market === "AU" || rules.market === "AU_MOBILE";
    if (f === "time") return slotsFor(form.kind, rules) !== undefined;
    return true;
  });
}

/** The days and times a kind of form books (a test drive's, a service's), or undefined where it books none. */
export const slotsFor = (kind: FormKind, rules: Pick<FormRules, "testDriveSlots" | "serviceSlots">) =>
  kind === "test-drive" ? rules.testDriveSlots : kind === "service" ? rules.serviceSlots : undefined;

/** Some fields appear only when another field has a value and no error. */
export const DEPENDS_ON: Partial<Record<FieldName, FieldName>> = { state: "Rego" };

/** What a form needs to know about its site (serialisable): the browser and the server derive the same FormRules from it. */
export type LeadFormSite = {
  /** the site's name: who collects the details, in each form's collection notice */
  name: string;
  market: PhoneMarket;
  zip: boolean;
  leadBase: "/api" | "/mock";
  locations: Array<{ id: number; name: string; dealershipSlug?: string | null }>;
  dealerships: Array<{ slug: string; name: string }>;
  messageOptional: boolean;
  /** the state the State fields start on: the dealer's own (dealerState), else the spec's default */
  state: StateCode;
  /** the marketing box starts ticked (the site's opt_in_ticked) */
  optInTicked: boolean;
  /** where the site takes test drives: each location's hours, the instant the slots count from and the notice they need */
  testDrive?: {
    now: number;
    notice?: number;
    locations: LocationHours[];
    specials: SpecialHoursEntry[];
    /** a form about one car: the times ("YYYY-MM-DD HH:MM") already booked at its location, not offered */
    taken?: { location: number; times: string[] };
  };
  /** where the site takes service bookings (its workshops): their hours, the instant the slots count from, and times already full */
  service?: { now: number; locations: LocationHours[]; specials: SpecialHoursEntry[]; full?: Array<{ location: number; times: string[] }> };
  /** today's dates, where the form was drawn with a clock (a booking's date is checked against them) */
  today?: Today;
  overrides?: Overrides;
};

export const formRulesOf = (site: LeadFormSite): FormRules => ({
  market: site.market,
  messageOptional: site.messageOptional,
  locationIds: site.locations.map((l) => l.id),
  dealershipSlugs: site.dealerships.map((d) => d.slug),
  zip: site.zip,
  ...(site.testDrive ? { testDriveSlots: testDriveSlots(site.testDrive) } : {}),
  ...(site.service ? { serviceSlots: serviceSlots(site.service) } : {}),
  ...(site.today ? { today: site.today } : {}),
  ...(site.overrides ? { overrides: site.overrides } : {}),
});

/**
 * Each location's bookable days, worked out when first read: most leads book nothing, and weeks of
 * slots for every location cost a lead POST measurable time.
 */
function lazyDays(ids: number[], days: (id: number) => SlotDay[]): Record<number, SlotDay[]> {
  const out: Record<number, SlotDay[]> = {};
  for (const id of ids) {
    let memo: SlotDay[] | undefined;
    Object.defineProperty(out, id, { enumerable: true, get: () => (memo ??= days(id)) });
  }
  return out;
}

function testDriveSlots(td: NonNullable<LeadFormSite["testDrive"]>): Record<number, SlotDay[]> {
  return lazyDays(
    td.locations.map((l) => l.id),
    (id) => {
      const taken = td.taken?.location === id ? new Set(td.taken.times) : undefined;
      return testDriveDays(
        td.locations.find((l) => l.id === id)!,
        td.specials,
        td.now,
        td.notice,
        taken,
      );
    },
  );
}

function serviceSlots(sv: NonNullable<LeadFormSite["service"]>): Record<number, SlotDay[]> {
  return lazyDays(
    sv.locations.map((l) => l.id),
    (id) => {
      const full = new Set(sv.full?.find((f) => f.location === id)?.times);
      return bookableDays(
        sv.locations.find((l) => l.id === id)!,
        sv.specials,
        bookingRules("service"),
        sv.now,
        full,
      );
    },
  );
}

/**
 * What a site's forms need to know, from its context (passed to the browser form; the server derives
 * the same rules). With `now`, today's dates (for a booking's date) and, on a site that takes test
 * drives, its bookable slots from then (`testDrive: false` leaves them out: a form without slots;
 * `notice` is the slots' notice, the server's being none since it counts from when the form was drawn).
 */
export function leadFormSite(
  ctx: Pick<SiteContext, "site" | "features" | "locations" | "dealerships" | "specialHours">,
  now?: number,
  { testDrive = true, service = true, notice = NOTICE_MINUTES }: { testDrive?: boolean; service?: boolean; notice?: number } = {},
): LeadFormSite {
  const push = ctx.features.push_leads_to_primary_location && ctx.locations.some((l) => l.isPrimary);
  const fixed = Boolean(ctx.features.fixed_dealership_slug);
  return {
    name: ctx.site.name,
    market: phoneMarket(ctx.site.country),
    zip: ctx.site.country === "US",
    leadBase: ctx.features.mock_leads ? "/mock" : "/api",
    locations: ctx.locations.map((l) => ({ id: l.id, name: l.name, dealershipSlug: l.dealershipSlug })),
    dealerships: ctx.dealerships.map((d) => ({ slug: d.slug, name: d.name })),
    messageOptional: ctx.features.contact_message_optional,
    state: (dealerState(ctx.site.country, ctx.locations)?.toLowerCase() as StateCode | undefined) ?? DEFAULT_STATE,
    optInTicked: ctx.features.opt_in_ticked,
    ...(push || fixed ? { overrides: { dealership: true, ...(push ? { location: true } : {}) } } : {}),
    ...(now !== undefined
      ? {
          today: {
            site: localTime(now, ctx.site.timezone).date,
            locations: Object.fromEntries(ctx.locations.map((l) => [l.id, localTime(now, l.timezone).date])),
          },
        }
      : {}),
    ...(now !== undefined && service && bookingLocations(ctx, "service").length > 0
      ? {
          service: {
            now,
            locations: bookingLocations(ctx, "service").map((l) => ({ id: l.id, timeZone: l.timezone, weekly: l.openingHours })),
            specials: ctx.specialHours,
          },
        }
      : {}),
    ...(now !== undefined && testDrive && ctx.features.test_drive
      ? {
          testDrive: {
            now,
            ...(notice !== NOTICE_MINUTES ? { notice } : {}),
            locations: ctx.locations.map((l) => ({ id: l.id, timeZone: l.timezone, weekly: l.openingHours })),
            specials: ctx.specialHours,
          },
        }
      : {}),
  };
}

/** The line under a form page's title: what happens next (also the page's meta description). */
export const FORM_INTRO: Partial<Record<FormKind, string>> = {
  "test-drive": "Choose a day and we’ll have the vehicle ready for you.",
  service: "Choose a day and a time that suits you, or just a day and we’ll confirm a time.",
  parts: "Tell us what you need and our parts team will check availability.",
  finance: "Talk to our finance team about a loan that suits you.",
  "finance-pre-approval": "Know your budget before you shop.",
  "trade-in": "Tell us about your current vehicle for a trade-in valuation.",
  "sell-my-car": "Tell us about your vehicle and we’ll make you an offer.",
  fleet: "Vehicles for your business, with fleet pricing and support.",
  careers: "Join our team: tell us about yourself.",
  contact: "Send us a message and the right person will get back to you.",
};
