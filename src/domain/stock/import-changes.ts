import { COLUMN_LABELS, type StockColumn } from "./import-columns";
import type { StockRow } from "./import";
import type { Vehicle } from "./vehicle";

/*
 * What a stock file changes on a car it already has, field by field. A column the file
 * leaves out leaves the field alone; an empty cell in a column the file has leaves it alone too,
 * unless the dealer ticks "empty cells clear the field". The same function gives the preview
 * ("price $41,990 → $39,990") and what the import writes, so the preview is what happens. Pure.
 */

/** The fields of a car an import writes (as the vehicles table names them; type and status as stored). */
export type ImportedFields = Pick<
  Vehicle,
  | "vin"
  | "rego"
  | "make"
  | "model"
  | "badge"
  | "series"
  | "year"
  | "price"
  | "priceType"
  | "subscriptionWeekly"
  | "odometer"
  | "colour"
  | "bodyType"
  | "fuel"
  | "transmission"
  | "drive"
  | "seats"
  | "doors"
  | "locationId"
  | "description"
> & { carType: string; status: string };
export type ImportedField = keyof ImportedFields;

/** Each column's field (stock_number is the key and photos go to the photo worker: neither is a field here). */
export const FIELD_OF = {
  vin: "vin",
  rego: "rego",
  make: "make",
  model: "model",
  badge: "badge",
  series: "series",
  year: "year",
  car_type: "carType",
  price: "price",
  price_type: "priceType",
  subscription_weekly: "subscriptionWeekly",
  odometer: "odometer",
  colour: "colour",
  body_type: "bodyType",
  fuel: "fuel",
  transmission: "transmission",
  drive: "drive",
  seats: "seats",
  doors: "doors",
  location_id: "locationId",
  status: "status",
  description: "description",
} as const satisfies Partial<Record<StockColumn, ImportedField>>;
type FieldColumn = keyof typeof FIELD_OF;
const FIELD_COLUMNS = Object.keys(FIELD_OF) as FieldColumn[];

/** A field's value when it is cleared (or a new car's when the file says nothing). */
const BLANK: { [F in ImportedField]?: ImportedFields[F] } = { odometer: 0, status: "in_stock" };
const blankOf = (f: ImportedField, defaultLocation: number | null) => (f === "locationId" ? defaultLocation : (BLANK[f] ?? null));

/** A new car's fields: what the file says, the defaults for the rest. */
export function newCarFields(r: StockRow, defaultLocation: number | null): ImportedFields {
  const out = {} as Record<ImportedField, unknown>;
  for (const c of FIELD_COLUMNS) out[FIELD_OF[c]] = r[c] ?? blankOf(FIELD_OF[c], defaultLocation);
  return out as ImportedFields;
}

export type FieldChange = { column: FieldColumn; before: ImportedFields[ImportedField]; after: ImportedFields[ImportedField] };

/**
 * What the row changes on a car it updates: the fields to write and each change. `columns` are the
 * file's; `missingFeeds` is how many full feeds in a row left the car out (a car those feeds sold
 * comes back in stock when a file lists it again and says nothing of its status).
 */
export function importChanges(
  have: ImportedFields & { missingFeeds: number; editedFields?: readonly string[] },
  r: StockRow,
  opts: {
    columns: readonly StockColumn[];
    clearBlanks: boolean;
    defaultLocation: number | null;
    soldByFeeds: number;
    overwriteEdited?: boolean;
  },
): { set: Partial<ImportedFields>; changes: FieldChange[]; kept: FieldChange[] } {
  const set: Partial<Record<ImportedField, unknown>> = {};
  const changes: FieldChange[] = [];
  const kept: FieldChange[] = [];
  const present = new Set(opts.columns);
  const edited = new Set(opts.overwriteEdited ? [] : (have.editedFields ?? []));
  for (const c of FIELD_COLUMNS) {
    const f = FIELD_OF[c];
    let after: unknown = r[c];
    if (after === undefined) {
      if (present.has(c) && opts.clearBlanks) after = blankOf(f, opts.defaultLocation);
      else if (c === "status" && have.status === "sold" && have.missingFeeds >= opts.soldByFeeds) after = "in_stock";
      else continue;
    }
    if (after === have[f]) continue;
    const change = { column: c, before: have[f], after: after as ImportedFields[ImportedField] };
    // a field a person edited here stays as they set it (docs/features/back-office.md), unless the import overwrites edited fields
    if (edited.has(f)) {
      kept.push(change);
      continue;
    }
    set[f] = after;
    changes.push(change);
  }
  return { set: set as Partial<ImportedFields>, changes, kept };
}

/** Whether a full feed that leaves the car out may sell it: not when a person set its status here (unless the import overwrites edited fields). */
export const feedMaySell = (have: { editedFields?: readonly string[] }, overwriteEdited = false) =>
  overwriteEdited || !(have.editedFields ?? []).includes("status");

const STATUS_WORDS: Record<string, string> = { in_stock: "in stock", coming_soon: "coming soon", sold: "sold" };

/** A field's value as the preview says it: "$41,990", "12,000 km", "in stock", "(empty)". */
export function describeValue(column: FieldColumn, value: unknown): string {
  if (value === null || value === undefined || value === "") return "(empty)";
  if ((column === "price" || column === "subscription_weekly") && typeof value === "number") return `$${value.toLocaleString("en-AU")}`;
  if (column === "odometer" && typeof value === "number") return `${value.toLocaleString("en-AU")} km`;
  if (column === "status") return STATUS_WORDS[String(value)] ?? String(value);
  const text = String(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** A change an import leaves out as the preview lists it: "Price: kept, edited here ($39,990; the file says $41,990)". */
export function describeKept(ch: FieldChange): string {
  return `${COLUMN_LABELS[ch.column]}: kept, edited here (${describeValue(ch.column, ch.before)}; the file says ${describeValue(ch.column, ch.after)})`;
}

/** One change as the preview lists it: "Price: $41,990 → $39,990". */
export function describeChange(ch: FieldChange): string {
  return `${COLUMN_LABELS[ch.column]}: ${describeValue(ch.column, ch.before)} → ${describeValue(ch.column, ch.after)}`;
}
