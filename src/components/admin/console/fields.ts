import { COUNTRIES, SITE_TEMPLATES } from "@/domain/platform/site-record";

/* What the console forms share: the template and country choices, and reading a form's fields. */

const TEMPLATE_LABELS: Record<(typeof SITE_TEMPLATES)[number], string> = {
  default: "Cars (default)",
  motorcycles: "Motorcycles",
  campers: "Campers",
  trucks: "Trucks (a truck centre)",
  truck: "Truck (one truck brand)",
  rv: "RVs",
};
export const templateOptions = SITE_TEMPLATES.map((t) => [t, TEMPLATE_LABELS[t]] as const);
export const countryOptions = COUNTRIES.map((c) => [c, { AU: "Australia", NZ: "New Zealand", US: "United States" }[c]] as const);

/** A form field's text, or undefined when it was left empty (the record's default applies). */
export const given = (f: FormData, k: string): string | undefined => {
  const v = f.get(k);
  return typeof v === "string" && v.trim() ? v.trim() : undefined;
};
/** A text the operator may clear: null when emptied. */
export const clearable = (f: FormData, k: string): string | null => given(f, k) ?? null;
export const numberOf = (f: FormData, k: string): number | undefined => {
  const v = given(f, k);
  return v === undefined ? undefined : Number(v);
};
