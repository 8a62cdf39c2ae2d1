import { z } from "zod";
import { textLine } from "../text-schema";
import { FIELD_OF, type ImportedField } from "./import-changes";
import { stockFields } from "./stock-fields";

/*
 * A car by hand in the back-office (docs/features/back-office.md): the "Add a car" form and
 * POST …/vehicles take the fields of a stock CSV row (the same names, rules and messages, from
 * stock-fields.ts) without the photos' addresses, plus the features the vehicle page lists and the
 * listing switches. The editor and PUT …/vehicles/{id} take any of them: a field left out stays as it
 * is, "" (or null) clears a field that may be empty. Pure.
 */

export const MAX_FEATURES = 60;
export const MAX_FEATURE_LENGTH = 80;

/** The features: a list, or text with one per line (a form's text area); blank lines dropped, each once. */
const featuresField = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/\r?\n/) : v === null ? [] : v),
  z
    .array(textLine().trim().max(MAX_FEATURE_LENGTH, `Keep each feature under ${MAX_FEATURE_LENGTH} characters`), {
      error: "List the features one per line",
    })
    .transform((list) => {
      const seen = new Set<string>();
      return list.filter((f) => f !== "" && !seen.has(f.toLowerCase()) && seen.add(f.toLowerCase()));
    })
    .refine((list) => list.length <= MAX_FEATURES, `List at most ${MAX_FEATURES} features`),
);

const SWITCH: Record<string, boolean> = { true: true, on: true, "1": true, yes: true, false: false, off: false, "0": false, no: false };
/** A yes/no field: a boolean, or what a form sends ("on", "true", "false"…). */
const flag = (message: string) =>
  z.preprocess((v) => (typeof v === "string" && Object.hasOwn(SWITCH, v.toLowerCase()) ? SWITCH[v.toLowerCase()] : v), z.boolean(message));

const listingFields = {
  features: featuresField,
  show_on_dealer_website: flag("Say whether the car shows on the website"),
  featured: flag("Say whether the car is featured"),
  special: flag("Say whether the car is on special"),
};

/** A new car: the stock row's fields (stock number, make, model, year and type needed), its features and switches. */
export function vehicleCreateSchema(thisYear: number) {
  return z.object({
    ...stockFields(thisYear),
    features: listingFields.features.default([]),
    show_on_dealer_website: listingFields.show_on_dealer_website.default(true),
    featured: listingFields.featured.default(false),
    special: listingFields.special.default(false),
  });
}
export type VehicleCreate = z.infer<ReturnType<typeof vehicleCreateSchema>>;

const blankToNull = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? null : v);

/**
 * An edit: any of the fields. Left out → unchanged; "" or null clears a field that may be empty (a VIN,
 * the price → "Enquire for price", the odometer → 0); the stock number, make, model, year, type and
 * status are never empty.
 */
export function vehicleEditSchema(thisYear: number) {
  const f = stockFields(thisYear);
  const clearable = <T extends z.ZodType>(s: T) => z.preprocess(blankToNull, s.nullable()).optional();
  return z.object({
    stock_number: f.stock_number.optional(),
    vin: clearable(f.vin),
    rego: clearable(f.rego),
    make: f.make.optional(),
    model: f.model.optional(),
    badge: clearable(f.badge),
    series: clearable(f.series),
    year: f.year.optional(),
    car_type: f.car_type.optional(),
    price: clearable(f.price),
    price_type: clearable(f.price_type),
    subscription_weekly: clearable(f.subscription_weekly),
    odometer: z
      .preprocess(blankToNull, f.odometer.nullable())
      .transform((v) => (v === null ? 0 : v))
      .optional(),
    colour: clearable(f.colour),
    body_type: clearable(f.body_type),
    fuel: clearable(f.fuel),
    transmission: clearable(f.transmission),
    drive: clearable(f.drive),
    seats: clearable(f.seats),
    doors: clearable(f.doors),
    location_id: clearable(f.location_id),
    // a status is never empty: "" is refused rather than read as "left out"
    status: z.preprocess((v) => (v === "" ? null : v), f.status).optional(),
    description: clearable(f.description),
    features: listingFields.features.optional(),
    show_on_dealer_website: listingFields.show_on_dealer_website.optional(),
    featured: listingFields.featured.optional(),
    special: listingFields.special.optional(),
  });
}
export type VehicleEdit = z.infer<ReturnType<typeof vehicleEditSchema>>;
export type VehicleFormField = keyof VehicleEdit;

/** Each form field's column on the car (as the vehicles table names it in code). */
export const COLUMN_OF = {
  ...FIELD_OF,
  stock_number: "stockNumber",
  features: "features",
  show_on_dealer_website: "showOnDealerWebsite",
  featured: "featured",
  special: "special",
} as const satisfies Record<VehicleFormField, string>;

/** The form field that edits a feed's field ("priceType" → "price_type"), for the editor's "Edited here" marks. */
export const FORM_FIELD_OF = Object.fromEntries(Object.entries(FIELD_OF).map(([form, field]) => [field, form])) as Record<
  ImportedField,
  keyof typeof FIELD_OF
>;

/**
 * A stock number for a new car that follows the site's own: the most used prefix's highest number plus
 * one, as wide as its digits ("PMG10346" → "PMG10347", "S009" → "S010"); "S0001" for a site without
 * numbered stock. Never one the site has (stock numbers differ by more than case).
 */
export function nextStockNumber(existing: readonly string[]): string {
  const taken = new Set(existing.map((s) => s.toUpperCase()));
  const groups = new Map<string, { prefix: string; count: number; max: bigint; width: number }>();
  for (const s of existing) {
    const m = /^(.*?)(\d{1,15})$/.exec(s.trim());
    if (!m) continue;
    const key = m[1]!.toUpperCase();
    const g = groups.get(key) ?? { prefix: m[1]!, count: 0, max: -1n, width: 0 };
    g.count++;
    // the prefix as the highest number writes it
    if (BigInt(m[2]!) > g.max) Object.assign(g, { max: BigInt(m[2]!), prefix: m[1]! });
    g.width = Math.max(g.width, m[2]!.length);
    groups.set(key, g);
  }
  const best = [...groups.values()].sort((a, b) => b.count - a.count || (b.max > a.max ? 1 : b.max < a.max ? -1 : 0))[0] ?? {
    prefix: "S",
    max: 0n,
    width: 4,
  };
  for (let n = best.max + 1n; ; n++) {
    const candidate = `${best.prefix}${n.toString().padStart(best.width, "0")}`;
    if (!taken.has(candidate.toUpperCase())) return candidate;
  }
}

/** The form's text for each field: what a car has (by the table's names in code), as the inputs show it. */
export type VehicleFormValues = Record<VehicleFormField, string>;
export function formValuesOf(car: Partial<Record<(typeof COLUMN_OF)[VehicleFormField], unknown>>): VehicleFormValues {
  const out = {} as VehicleFormValues;
  for (const [field, column] of Object.entries(COLUMN_OF) as Array<[VehicleFormField, (typeof COLUMN_OF)[VehicleFormField]]>) {
    const v = car[column];
    out[field] = v === null || v === undefined || v === false ? "" : v === true ? "on" : Array.isArray(v) ? v.join("\n") : String(v);
  }
  return out;
}
