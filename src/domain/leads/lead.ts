import "../zod-config";
import { z } from "zod";
import { textLine } from "../text-schema";
import { own } from "../own";
import { cleanText } from "./form-schema";
import { ENQUIRY_TYPES, FORM_KINDS, HONEYPOT_FIELD, type FormKind } from "./forms";
import { sellCarForm } from "../site/features";
import { TradeInVehicleSchema } from "../lookups/lookup";
import { FinanceQuoteSchema } from "./finance-quote";
import { UUID_PATTERN } from "@/domain/ids";

/** What travels with every lead besides the form's fields (the lead payload). */
export const LeadMetaSchema = z.object({
  /** a hint; without it the form is derived from category/subcategory (enquiry types) */
  form: z.enum(FORM_KINDS as [FormKind, ...FormKind[]]).optional(),
  /** A POST carrying lead_id updates that lead */
  lead_id: textLine().regex(UUID_PATTERN, "Unknown lead.").optional(),
  /** checked against the site the request is for, never used to choose it */
  website_slug: cleanText(100).optional(),
  /** always stored as Website */
  source: cleanText(50).optional(),
  subcategory: cleanText(100).optional(),
  /** the full name; filled from first_name when empty (docs/features/forms-and-leads.md) */
  name: cleanText(120).optional(),
  vehicle: cleanText(200).optional(),
  url: cleanText(2000).optional(),
  page_id: cleanText(100).optional(),
  visited_pages: z.array(cleanText(500)).max(50).default([]),
  linked_query_params: z.record(cleanText(40), cleanText(500)).default({}),
  /** the host of the site that sent the shopper on the visit's first page (the reports' source) */
  first_referrer: cleanText(200).optional(),
  has_files: z.boolean().optional(),
  /** the trade-in or sell-my-car vehicle, looked up by rego or typed by hand (vehicle lookup) */
  trade_in_vehicle: TradeInVehicleSchema.optional(),
  /** the repayment calculator's figures (finance forms only) */
  finance_quote: FinanceQuoteSchema.optional(),
  [HONEYPOT_FIELD]: textLine().max(500).optional(),
});
export type LeadMeta = z.infer<typeof LeadMetaSchema>;

/** "Service", "service enquiry", "Service Enquiry" → "Service Enquiry"; unknown values pass unchanged (and fail where checked). */
export function normalizeCategory(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const v = value.trim().toLowerCase().replace(/\s+/g, " ");
  return ENQUIRY_TYPES.find((t) => t.toLowerCase() === v || t.toLowerCase() === `${v} enquiry`) ?? value;
}

/**
 * The spec's payload in the names our forms use: `location_id` is the location field (when no
 * `location` is given), categories may be given short ("Service"). Nothing else is renamed.
 */
export function normalizeLeadPayload(lead: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...lead };
  if ((out.location === undefined || out.location === "") && out.location_id !== undefined && out.location_id !== null)
    out.location = out.location_id;
  if (out.category !== undefined) out.category = normalizeCategory(out.category);
  return out;
}

/**
 * Which form's rules a payload follows (enquiry types): the `form` hint when given, else
 * its category and subcategory; General Enquiry (or nothing) is the contact form. Sell My Car is
 * the site's own form (sell-my-car or trade-in).
 */
export function leadFormKind(lead: Record<string, unknown>, site: { sellMyCar: boolean }): FormKind {
  if (typeof lead.form === "string" && (FORM_KINDS as string[]).includes(lead.form)) return lead.form as FormKind;
  const category = normalizeCategory(lead.category);
  const sub = typeof lead.subcategory === "string" ? lead.subcategory.trim().toLowerCase() : "";
  const BY_CATEGORY: Record<string, FormKind> = {
    "Service Enquiry": "service",
    "Parts Enquiry": "parts",
    "New Vehicle Enquiry": "vehicle",
    "Used Vehicle Enquiry": "vehicle",
    "Demo Vehicle Enquiry": "vehicle",
    "Fleet Enquiry": "fleet",
    "Finance Enquiry": "finance",
    "Careers Enquiry": "careers",
    "Sell My Car Enquiry": sellCarForm({ sell_my_car: site.sellMyCar }).form,
  };
  const kind = typeof category === "string" ? own(BY_CATEGORY, category) : undefined;
  if (kind === "vehicle" && sub === "test drive") return "test-drive";
  if (kind === "finance" && (sub === "pre-approval" || sub === "pre approval")) return "finance-pre-approval";
  if (category === "General Enquiry" && sub === "career enquiry") return "careers";
  if (category === "General Enquiry" && sub === "live chat") return "chat";
  return kind ?? "contact";
}

/** The body of POST /api/leads and PUT /api/leads/{id}: `{ lead: { … } }`. */
export const LeadEnvelopeSchema = z.object({ lead: z.record(textLine(), z.unknown()) });

export type LeadSite = {
  slug: string;
  fixedDealershipSlug: string | null;
  pushToPrimary: boolean;
  /** the location marked primary (none when no location is) */
  primary: { id: number; dealershipSlug: string | null } | null;
  locations: Array<{ id: number; dealershipSlug: string | null }>;
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
 * The location a lead goes to: the one chosen; else, when a car is named, the car's; else (a
 * dealership chosen) that dealership's first location; else the site's primary location, or its only
 * one. Never silently the first of several.
 */
export function leadLocation(
  site: LeadSite,
  chosen: { locationId: number | null; dealershipSlug: string | null; vehicleLocationId?: number | null },
) {
  const byId = (id: number | null | undefined) => (id == null ? undefined : site.locations.find((l) => l.id === id));
  const ofDealership = chosen.dealershipSlug ? site.locations.filter((l) => l.dealershipSlug === chosen.dealershipSlug) : [];
  return (
    byId(chosen.locationId) ??
    byId(chosen.vehicleLocationId) ??
    (chosen.dealershipSlug ? (ofDealership.find((l) => l.id === site.primary?.id) ?? ofDealership[0]) : undefined) ??
    (site.primary ? byId(site.primary.id) : undefined) ??
    (site.locations.length === 1 ? site.locations[0] : undefined) ??
    null
  );
}

/**
 * Server-side rules before a lead is stored (docs/features/forms-and-leads.md): name filled from first_name when
 * empty or 'undefined undefined'; Careers Enquiry → General Enquiry / Career Enquiry; fixed
 * dealership slugs; the primary-location override; source Website.
 */
export function prepareLead(
  fields: Record<string, unknown>,
  meta: { category: string; subcategory?: string | null; url?: string; userAgent?: string | null; vehicleLocationId?: number | null },
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
  const chosenDealership = str(fields.dealership_slug) || null;
  const location = leadLocation(site, {
    locationId: typeof fields.location === "number" ? fields.location : null,
    dealershipSlug: chosenDealership,
    vehicleLocationId: meta.vehicleLocationId,
  });
  let dealershipSlug = chosenDealership ?? location?.dealershipSlug ?? null;
  let finalLocationId = location?.id ?? null;
  if (site.pushToPrimary && site.primary) {
    // the primary location's; a dealership the site does not have (taken so that it is overridden) is never kept
    const known = site.locations.some((l) => l.dealershipSlug === dealershipSlug);
    dealershipSlug = site.primary.dealershipSlug ?? (known ? dealershipSlug : null);
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

export { successUrl } from "./success";
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

const BOOLEAN_FIELDS = new Set(["opt_in", "has_files"]);

/**
 * A form-encoded lead (`lead[first_name]=Mary&lead[visited_pages][]=/&lead[linked_query_params][utm_source]=x`)
 * as the object the JSON API takes. Keys outside `lead[…]` are ignored; "true"/"false" become
 * booleans for the yes/no fields; no key can reach an object's prototype.
 */
export function leadFromFormFields(entries: Iterable<[string, string]>): Record<string, unknown> {
  const top = new Map<string, unknown>();
  for (const [key, raw] of entries) {
    const m = /^lead\[([^\][]+)\](?:\[([^\][]*)\])?$/.exec(key);
    if (!m) continue;
    const [, name, sub] = m as unknown as [string, string, string | undefined];
    const value: unknown = BOOLEAN_FIELDS.has(name) && (raw === "true" || raw === "false") ? raw === "true" : raw;
    if (sub === undefined) {
      const prev = top.get(name);
      top.set(name, prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]);
    } else if (sub === "") {
      const prev = top.get(name);
      top.set(name, [...(Array.isArray(prev) ? prev : []), value]);
    } else {
      const prev = top.get(name);
      const inner = prev instanceof Map ? prev : new Map<string, unknown>();
      inner.set(sub, value);
      top.set(name, inner);
    }
  }
  return Object.fromEntries([...top].map(([k, v]) => [k, v instanceof Map ? Object.fromEntries(v) : v]));
}

/** A lead's reference for the shopper to quote: the first 8 characters of its id, upper case ("3F2A9C1B"). */
export const leadReference = (id: string): string => id.replace(/-/g, "").slice(0, 8).toUpperCase();

/** What a shopper who enquired about a car may want next: the same make and model in the search ("2026 Mazda CX-5 Maxx" → "Mazda CX-5 Maxx"). */
export const similarSearchKeywords = (vehicleName: string): string =>
  vehicleName
    .replace(/^\d{4}\s+/, "")
    .split(/\s+/)
    .slice(0, 2)
    .join(" ");
