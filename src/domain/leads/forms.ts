import "../zod-config";
import { z } from "zod";
import { isCleanText } from "../http/request";
import { INVALID_CHARACTERS_MESSAGE, MSG, NUMBER_MESSAGE, ZIP_MESSAGE } from "./messages";
import type { SiteContext } from "../site/context";
import { phoneError, phoneMarket, type PhoneMarket } from "./phone";

/** SPEC §3 enquiry types, as categories. */
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
export const DEFAULT_STATE = "qld"; // SPEC §9
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
const STATE_CODES = STATES.map(([v]) => v);
/** SPEC §9 lead source options: a social marketplace, a social network, a photo-sharing network, a search engine, … */
export const LEAD_SOURCES = ["Facebook Marketplace", "Facebook", "Instagram", "Google", "Word of Mouth", "Car Sales", "Repeat Customer", "Other"] as const;
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
  | "opt_in";

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
  | "contact";
export const FORM_KINDS: FormKind[] = ["vehicle", "test-drive", "service", "parts", "finance", "finance-pre-approval", "trade-in", "sell-my-car", "fleet", "careers", "contact"];

export type FormDef = {
  kind: FormKind;
  title: string;
  /** fixed category; null → the shopper picks one (contact form) */
  category: string | null;
  subcategory?: string;
  fields: FieldName[];
  /** the phone must be a mobile (SPEC §5 AU mobile-only rule; labelled "Mobile") */
  mobileOnly?: boolean;
  /** fields that may be left empty (SPEC §5: every field is required unless marked optional) */
  optional: FieldName[];
  submit: string;
};

const PERSON: FieldName[] = ["first_name", "middle_name", "last_name", "email", "phone", "postcode"];
const ALWAYS_OPTIONAL: FieldName[] = ["middle_name", "Rego", "opt_in", "where_did_you_hear", "additional_services"];
const def = (d: Omit<FormDef, "optional"> & { optional?: FieldName[] }): FormDef => ({ ...d, optional: [...ALWAYS_OPTIONAL, ...(d.optional ?? [])] });

export const FORMS: Record<FormKind, FormDef> = {
  vehicle: def({ kind: "vehicle", title: "Enquire about this vehicle", category: "New Vehicle Enquiry", fields: [...PERSON, "location", "message", "where_did_you_hear", "opt_in"], optional: ["message"], submit: "Send enquiry" }),
  "test-drive": def({ kind: "test-drive", mobileOnly: true, title: "Book a Test Drive", category: "New Vehicle Enquiry", subcategory: "Test Drive", fields: [...PERSON, "location", "day", "month", "year", "message", "where_did_you_hear", "opt_in"], optional: ["message"], submit: "Book test drive" }),
  service: def({ kind: "service", title: "Book a Service", category: "Service Enquiry", fields: [...PERSON, "location", "Rego", "state", "day", "month", "year", "additional_services", "message", "opt_in"], optional: ["message"], submit: "Book service" }),
  parts: def({ kind: "parts", title: "Parts & Accessories", category: "Parts Enquiry", fields: [...PERSON, "location", "Rego", "state", "message", "opt_in"], submit: "Send parts enquiry" }),
  finance: def({ kind: "finance", title: "Finance Enquiry", category: "Finance Enquiry", fields: [...PERSON, "loan_amount", "message", "where_did_you_hear", "opt_in"], optional: ["message", "loan_amount"], submit: "Send finance enquiry" }),
  "finance-pre-approval": def({ kind: "finance-pre-approval", mobileOnly: true, title: "Finance Pre-Approval", category: "Finance Enquiry", subcategory: "Pre-Approval", fields: [...PERSON, "day", "month", "year", "loan_amount", "message", "opt_in"], optional: ["message"], submit: "Apply for pre-approval" }),
  "trade-in": def({ kind: "trade-in", title: "Value My Trade-In", category: "Sell My Car Enquiry", subcategory: "Trade-In", fields: [...PERSON, "trade_vehicle", "odometer", "Rego", "state", "message", "opt_in"], optional: ["message"], submit: "Value my trade-in" }),
  "sell-my-car": def({ kind: "sell-my-car", title: "Sell My Car", category: "Sell My Car Enquiry", fields: [...PERSON, "trade_vehicle", "odometer", "Rego", "state", "message", "opt_in"], optional: ["message"], submit: "Get an offer" }),
  fleet: def({ kind: "fleet", title: "Fleet Enquiry", category: "Fleet Enquiry", fields: [...PERSON, "company", "message", "opt_in"], submit: "Send fleet enquiry" }),
  careers: def({ kind: "careers", title: "Careers", category: "Careers Enquiry", fields: [...PERSON, "position", "message", "opt_in"], submit: "Send application" }),
  contact: def({ kind: "contact", title: "Contact Us", category: null, fields: [...PERSON, "category", "dealership_slug", "location", "Rego", "state", "message", "where_did_you_hear", "opt_in"], submit: "Send enquiry" }),
};

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
};

/** Whether a key (e.g. of the API's 422 errors) names a form field. */
export const isFieldName = (key: string): key is FieldName => Object.hasOwn(FIELD_LABELS, key);

/** Which site facts change a form's rules (SPEC §5 contact specifics, phone market). */
export type FormRules = {
  market: PhoneMarket;
  /** a site flag relaxes the message requirement */
  messageOptional: boolean;
  /** location select is shown (and so required) when the site has more than one location */
  locationIds: number[];
  /** dealership_slug is required when the site has several dealerships */
  dealershipSlugs: string[];
  zip: boolean; // US: 5-digit ZIP instead of the 4-digit postcode
};

/** A form that asks for a mobile takes only mobiles in Australia (elsewhere the market's own rule). */
export const phoneMarketOf = (form: FormDef, rules: Pick<FormRules, "market">): PhoneMarket => (form.mobileOnly && rules.market === "AU" ? "AU_MOBILE" : rules.market);

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
    return true;
  });
}

/** SPEC §5: some fields appear only when another field has a value and no error. */
export const DEPENDS_ON: Partial<Record<FieldName, FieldName>> = { state: "Rego" };

/** Text a stranger typed: never NUL/control characters or lone surrogates (they cannot be stored). */
export const cleanText = (max: number) => z.string().max(max).refine((v) => isCleanText(v), INVALID_CHARACTERS_MESSAGE);
const req = z
  .string({ error: MSG.required })
  .refine((v) => isCleanText(v), INVALID_CHARACTERS_MESSAGE)
  .trim()
  .min(1, { message: MSG.required, abort: true });

/**
 * A whole number, as a number or as digits (the browser's selects send strings). Never `null`,
 * `[]`, booleans, blanks, decimals or hex, which `z.coerce.number` would quietly turn into numbers.
 */
export function wholeNumber(message: string = MSG.required) {
  return z
    .union([z.number({ error: message }), z.string({ error: message }).trim().regex(/^\d{1,12}$/, message)], { error: message })
    .transform(Number)
    .pipe(z.number({ error: message }).int(message).min(0, message).max(Number.MAX_SAFE_INTEGER, message));
}
const alpha = /^[\p{L}\s]+$/u;
const REGO = /^[A-Za-z0-9 ]{1,9}$/;

/** Every field's schema for a form and site: one typed table, so the form's values are typed end to end. */
function fieldSchemas(form: FormDef, rules: FormRules) {
  const isOptional = (name: FieldName) => form.optional.includes(name) || (name === "message" && form.kind === "contact" && rules.messageOptional);
  const text = (name: FieldName, inner: z.ZodType<string, string>) => (isOptional(name) ? z.union([z.literal(""), inner]).optional().default("") : inner);
  const name = req.max(50).regex(alpha, MSG.alpha);
  const amount = (f: "odometer" | "loan_amount") =>
    isOptional(f) ? optionalWholeNumber(100_000_000) : wholeNumber().pipe(z.number().max(100_000_000, MSG.required));
  return {
    first_name: text("first_name", name),
    middle_name: text("middle_name", name),
    last_name: text("last_name", name),
    email: text("email", req.max(254).regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MSG.email)),
    phone: text(
      "phone",
      req.max(30).superRefine((v, ctx) => {
        const e = phoneError(v, phoneMarketOf(form, rules));
        if (e) ctx.addIssue({ code: "custom", message: e });
      }),
    ),
    postcode: text("postcode", rules.zip ? req.regex(/^\d{5}$/, ZIP_MESSAGE) : req.regex(/^\d{4}$/, MSG.postcode)),
    category: z.enum(ENQUIRY_TYPES, { error: MSG.required }).default(DEFAULT_CATEGORY),
    location: wholeNumber().refine((id) => rules.locationIds.includes(id), MSG.required),
    dealership_slug: req.refine((s) => rules.dealershipSlugs.includes(s), MSG.required),
    day: wholeNumber().pipe(z.number().min(1, MSG.required).max(31, MSG.required)),
    month: wholeNumber().pipe(z.number().min(1, MSG.required).max(12, MSG.required)),
    year: wholeNumber().pipe(z.number().min(1900, MSG.required).max(2100, MSG.required)),
    Rego: text("Rego", req.regex(REGO, "Please enter a valid rego.")),
    state: z.enum(STATE_CODES, { error: MSG.required }).default(DEFAULT_STATE),
    additional_services: z.array(z.enum(ADDITIONAL_SERVICES)).max(ADDITIONAL_SERVICES.length).default([]),
    odometer: amount("odometer"),
    loan_amount: amount("loan_amount"),
    where_did_you_hear: z.union([z.literal(""), z.enum(LEAD_SOURCES)]).optional().default(""),
    opt_in: z.boolean().default(true), // SPEC §5: optional, default true
    trade_vehicle: text("trade_vehicle", req.max(120)),
    company: text("company", req.max(120)),
    position: text("position", req.max(120)),
    message: text("message", req.max(5000)),
  } satisfies Record<FieldName, z.ZodType>;
}

/** An optional whole number: empty → "", anything else must be a whole number up to `max`. */
function optionalWholeNumber(max: number) {
  const inner = wholeNumber(NUMBER_MESSAGE).pipe(z.number().max(max, NUMBER_MESSAGE));
  return z
    .unknown()
    .optional()
    .transform((v, ctx): number | "" => {
      if (v === undefined || v === "") return "";
      const r = inner.safeParse(v);
      if (r.success) return r.data;
      ctx.addIssue({ code: "custom", message: NUMBER_MESSAGE });
      return z.NEVER;
    });
}

type AllFields = z.ZodObject<ReturnType<typeof fieldSchemas>>;
/** What a form's fields take (the browser's strings and numbers) and give (parsed): only its visible fields are present. */
export type LeadFormInput = Partial<z.input<AllFields>>;
export type LeadFormValues = Partial<z.output<AllFields>>;

/** One zod schema per form and site, used by the browser form and by the server alike. */
export function leadFormSchema(form: FormDef, rules: FormRules): z.ZodType<LeadFormValues, LeadFormInput> {
  const fields = visibleFields(form, rules);
  const mask: Partial<Record<FieldName, true>> = {};
  for (const f of fields) mask[f] = true;
  return z
    .object(fieldSchemas(form, rules))
    .pick(mask)
    .superRefine((v, ctx) => {
      if (v.day !== undefined && v.month !== undefined && v.year !== undefined) {
        const date = new Date(Date.UTC(v.year, v.month - 1, v.day));
        if (date.getUTCDate() !== v.day || date.getUTCMonth() !== v.month - 1) ctx.addIssue({ code: "custom", path: ["day"], message: "Please choose a valid date." });
      }
    });
}

/** What a form needs to know about its site (serialisable): the browser and the server derive the same FormRules from it. */
export type LeadFormSite = {
  market: PhoneMarket;
  zip: boolean;
  leadBase: "/api" | "/mock";
  locations: Array<{ id: number; name: string; dealershipSlug?: string | null }>;
  dealerships: Array<{ slug: string; name: string }>;
  messageOptional: boolean;
};

export const formRulesOf = (site: LeadFormSite): FormRules => ({
  market: site.market,
  messageOptional: site.messageOptional,
  locationIds: site.locations.map((l) => l.id),
  dealershipSlugs: site.dealerships.map((d) => d.slug),
  zip: site.zip,
});

/** What a site's forms need to know, from its context (passed to the browser form; the server derives the same rules). */
export function leadFormSite(ctx: Pick<SiteContext, "site" | "features" | "locations" | "dealerships">): LeadFormSite {
  return {
    market: phoneMarket(ctx.site.country),
    zip: ctx.site.country === "US",
    leadBase: ctx.features.mock_leads ? "/mock" : "/api",
    locations: ctx.locations.map((l) => ({ id: l.id, name: l.name, dealershipSlug: l.dealershipSlug })),
    dealerships: ctx.dealerships.map((d) => ({ slug: d.slug, name: d.name })),
    messageOptional: ctx.features.contact_message_optional,
  };
}
