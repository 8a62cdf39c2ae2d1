import { FORM_KINDS, HONEYPOT_FIELD, isFieldName, type FormKind } from "./forms";

/*
 * An enquiry form posted by the browser without JavaScript (docs/features/forms-and-leads.md): its
 * plain fields read as the lead the JSON API takes, where to send the shopper back when a field is
 * refused, and what goes back into the form. Pure.
 */

/**
 * The form's hidden fields: which form, the page it is on, the car it is about, and the page's
 * submission token (posted twice, by a double tap or a reload, it makes one lead).
 */
export const POSTED = {
  form: "form",
  returnTo: "return_to",
  vehicle: "vehicle",
  carType: "car_type",
  slotDate: "slot_date",
  submission: "submission",
} as const;

/** A submission token as the form pages write it (a UUID); anything else was not written by them. */
const SUBMISSION = /^[A-Za-z0-9-]{16,64}$/;

/** The one-minute cookie a refused form's values and messages come back in (never the URL). */
export const LEAD_FORM_FLASH_COOKIE = "lead_form";

/**
 * The page a posted form came from, as a path on this site: only the form pages' own paths and their
 * `vehicle` / `location` slugs (nothing typed ever rides along). Null for anything else.
 */
export function returnPath(raw: string | undefined): string | null {
  if (!raw || raw.length > 300) return null;
  const m = /^(\/[a-z0-9\-/]*)(?:\?((?:(?:vehicle|location)=[A-Za-z0-9-]{1,150}&?){1,2}))?$/.exec(raw);
  if (!m || m[1]!.includes("//")) return null;
  return m[2] ? `${m[1]}?${m[2].replace(/&$/, "")}` : m[1]!;
}

const DATE_PARTS = new Set(["day", "month", "year"]);
const isFormKind = (v: string | undefined): v is FormKind => FORM_KINDS.includes(v as FormKind);

export type PostedLead = {
  kind: FormKind | null;
  returnTo: string | null;
  /** the car's type as the page showed it: only which thank-you page follows */
  carType?: "new" | "demo" | "used";
  /** the page's submission token; "invalid" when one was posted that no form page writes */
  submission?: string | "invalid";
  lead: Record<string, unknown>;
  values: Record<string, string>;
};

/**
 * The posted fields as the lead the JSON API takes: one value per field (the last given: a hidden
 * "false" before the opt-in box reads as the box), every ticked additional service, a chosen test-drive
 * day (`slot_date`, YYYY-MM-DD) as its day, month and year. Names that are not the form's are dropped,
 * so no key reaches an object's prototype. `values` is what goes back into the form if it is refused.
 */
export function leadFromPostedForm(entries: Iterable<[string, string]>): PostedLead {
  const lead: Record<string, unknown> = {};
  const values: Record<string, string> = {};
  const services: string[] = [];
  let kind: FormKind | null = null;
  let returnTo: string | null = null;
  let carType: PostedLead["carType"];
  let submission: PostedLead["submission"];
  for (const [key, raw] of entries) {
    const value = raw.replace(/\r\n?/g, "\n");
    if (key === POSTED.form) kind = isFormKind(value) ? value : null;
    else if (key === POSTED.returnTo) returnTo = returnPath(value);
    else if (key === POSTED.submission) submission = SUBMISSION.test(value) ? value : "invalid";
    else if (key === POSTED.carType) carType = value === "new" || value === "demo" || value === "used" ? value : undefined;
    else if (key === POSTED.vehicle || key === HONEYPOT_FIELD) lead[key] = value;
    else if (key === "additional_services") services.push(value);
    else if (key === "opt_in") {
      lead.opt_in = value !== "false";
      values.opt_in = String(lead.opt_in);
    } else if (key === POSTED.slotDate) {
      values[key] = value;
      const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
      if (d) Object.assign(lead, { year: d[1], month: String(Number(d[2])), day: String(Number(d[3])) });
    } else if (isFieldName(key) && !(DATE_PARTS.has(key) && value === "" && lead[key] !== undefined)) {
      // (an empty hidden day after a chosen slot_date leaves the slot's day)
      lead[key] = value;
      values[key] = value;
    }
  }
  if (services.length) lead.additional_services = services;
  if (kind) lead.form = kind;
  return { kind, returnTo, ...(carType ? { carType } : {}), ...(submission ? { submission } : {}), lead, values };
}
