import { formatTime, WEEKDAY_NAMES } from "../site/hours";
import { localTime } from "../locations/hours";
import { formatPrice } from "../format/price";
import { FIELD_LABELS, STATES } from "./forms";
import { financeQuoteText } from "./finance";
import { consentText } from "./consent";

/*
 * A lead as people read it: the back-office lead page, the salesperson's email, the
 * ADF comments and the CSV export all show the same answers, each with its form label, a booked
 * slot as one date and time, booleans as Yes/No, and empty fields left out. And what changed
 * between two submissions of the same lead, which every update's delivery says. Pure.
 */

/** Keys that describe the request or are shown elsewhere (who, where, which car), never as an answer. */
const NOT_ANSWERS = new Set([
  "name",
  "first_name",
  "middle_name",
  "last_name",
  "email",
  "phone",
  "category",
  "subcategory",
  "source",
  "website_slug",
  "dealership_slug",
  "location_id",
  "location",
  "url",
  "user_agent",
  "visited_pages",
  "linked_query_params",
  "first_referrer",
  "has_files",
  "lead_id",
  "form",
  "vehicle",
  "vehicle_id",
  "page_id",
  // read with the opt-in answer it records
  "marketing_consent",
  // the booked slot's parts, shown as one answer
  "day",
  "month",
  "year",
  "time",
]);

/** Keys that are about the request, not what the shopper told us: a change in them alone is no update. */
const NOT_TOLD = new Set([
  "url",
  "user_agent",
  "visited_pages",
  "linked_query_params",
  "first_referrer",
  "source",
  "website_slug",
  "lead_id",
  "page_id",
  "form",
  // changes only with opt_in, which says the change
  "marketing_consent",
]);

/** Labels of answers a form sends under another name than its field. */
const LABELS: Record<string, string> = {
  ...FIELD_LABELS,
  where_did_you_hear_about_us: FIELD_LABELS.where_did_you_hear,
  trade_in_vehicle: "Your vehicle",
  finance_quote: "Repayment estimate",
  trade_in_valuation: "Trade-in estimate",
  name: "Name",
  first_name: FIELD_LABELS.first_name,
  last_name: FIELD_LABELS.last_name,
  email: FIELD_LABELS.email,
  phone: FIELD_LABELS.phone,
  location_id: "Location",
  dealership_slug: "Dealership",
  vehicle: "Car",
  category: "Enquiry type",
  subcategory: "Enquiry subtype",
  booked: "Booked for",
  marketing_consent: "Marketing consent",
};

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** A field's label as the form shows it ("where_did_you_hear" → "Where did you hear about us?"). */
export const answerLabel = (key: string): string =>
  Object.hasOwn(LABELS, key) ? LABELS[key]! : key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());

const int = (v: unknown): number | null => {
  const n = typeof v === "number" ? v : typeof v === "string" && /^\d{1,4}$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isInteger(n) ? n : null;
};

/**
 * The booked date (and time) of a lead's day/month/year (and time) fields, as the shopper chose it
 * in the location's own time zone: "Friday 27 November, 10:00 am"; a date alone "Friday 27 November
 * 2026". Null when the lead books nothing or the date does not exist.
 */
export function bookedSlot(p: Record<string, unknown>): string | null {
  const [day, month, year] = [int(p.day), int(p.month), int(p.year)];
  if (day === null || month === null || year === null) return null;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  const date = dayText(d.getUTCDay(), day, month);
  const time = typeof p.time === "string" && /^\d{2}:\d{2}$/.test(p.time) ? formatTime(p.time) : null;
  return time ? `${date}, ${time}` : `${date} ${year}`;
}

/** "Friday 27 November" */
const dayText = (weekday: number, day: number, month: number) => `${WEEKDAY_NAMES[weekday]} ${day} ${MONTHS[month - 1]}`;

/**
 * An instant as people read it in a place's time zone: "Friday 27 November, 11:47 pm" (a lead's
 * email and ADF comments), with the year where a list spans years (the CSV: "Friday 27 November
 * 2026, 11:47 pm"). Never a UTC timestamp: a dealer reads their own clock.
 */
export function whenText(instant: Date, timeZone: string, o: { year?: boolean } = {}): string {
  const t = localTime(instant.getTime(), timeZone);
  const [year, month, day] = t.date.split("-").map(Number) as [number, number, number];
  const hhmm = `${String(Math.floor(t.minutes / 60)).padStart(2, "0")}:${String(t.minutes % 60).padStart(2, "0")}`;
  return `${dayText(t.weekday, day, month)}${o.year ? ` ${year}` : ""}, ${formatTime(hhmm)}`;
}

const STATE_NAMES = new Map<string, string>(STATES.map(([v, label]) => [v, label]));

/** One answer as text; null when there is nothing to show. */
export function answerText(key: string, v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "number") return key === "odometer" ? `${v.toLocaleString("en-AU")} km` : String(v);
  if (typeof v === "string") {
    const s = v.trim();
    if (!s) return null;
    if (key === "state") return STATE_NAMES.get(s.toLowerCase()) ?? s;
    return s.slice(0, 5000);
  }
  if (Array.isArray(v)) {
    const items = v.map((x) => answerText(key, x)).filter((x): x is string => x !== null);
    return items.length ? items.join(", ") : null;
  }
  if (typeof v === "object") {
    if (key === "trade_in_vehicle") return tradeInText(v as Record<string, unknown>);
    if (key === "finance_quote") return financeQuoteText(v as Record<string, unknown>);
    if (key === "trade_in_valuation") return valuationText(v as Record<string, unknown>);
    const parts = Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => {
        const t = answerText(k, x);
        return t === null ? null : `${answerLabel(k)}: ${t}`;
      })
      .filter((x): x is string => x !== null);
    return parts.length ? parts.join("; ") : null;
  }
  return String(v);
}

/** "$18,500 – $21,000 (AutoGrab)": the range the shopper was shown. */
function valuationText(v: Record<string, unknown>): string | null {
  const ok = (n: unknown): n is number => typeof n === "number" && Number.isFinite(n) && n > 0;
  if (!ok(v.low) || !ok(v.high)) return null;
  const by = v.provider === "autograb" ? " (AutoGrab)" : v.provider === "redbook" ? " (Redbook)" : "";
  return `${formatPrice(v.low)} – ${formatPrice(v.high)}${by}`;
}

/** "2019 Toyota Corolla Ascent, rego ABC123 (VIC), 45,000 km, condition: good". */
function tradeInText(t: Record<string, unknown>): string | null {
  const s = (x: unknown) => (typeof x === "string" && x.trim() ? x.trim() : null);
  const name = [typeof t.year === "number" ? String(t.year) : null, s(t.make), s(t.model), s(t.badge)].filter(Boolean).join(" ");
  const state = s(t.state);
  const parts = [
    name || null,
    s(t.rego) ? `rego ${t.rego}${state ? ` (${STATE_NAMES.get(state.toLowerCase()) ?? state})` : ""}` : null,
    typeof t.odometer === "number" ? `${t.odometer.toLocaleString("en-AU")} km` : null,
    s(t.colour),
    s(t.vin) ? `VIN ${t.vin}` : null,
    s(t.condition) ? `condition: ${t.condition}` : null,
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : null;
}

/**
 * The shopper's answers, labelled, in the order given: the booked slot first as one line, every
 * other answer with its form's label, empty ones left out; the opt-in as the consent it gave (its
 * words, ticked or not, when: on the clock of `timeZone`). Who, where and which car are shown
 * apart by each reader.
 */
export function leadAnswers(p: Record<string, unknown>, timeZone: string): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const slot = bookedSlot(p);
  if (slot) out.push([typeof p.time === "string" ? LABELS.booked! : "Preferred date", slot]);
  const consent = consentText(p.marketing_consent, (at) => whenText(at, timeZone));
  for (const [k, v] of Object.entries(p)) {
    if (NOT_ANSWERS.has(k)) continue;
    if (k === "opt_in" && consent) {
      out.push([LABELS.marketing_consent!, consent]);
      continue;
    }
    const text = answerText(k, v);
    if (text !== null) out.push([answerLabel(k), text]);
  }
  return out;
}

/**
 * Every message the shopper wrote on a lead, in order, from its submissions (a lead sent again or
 * added to on the success page); a message repeated unchanged by the next submission counts once.
 */
export function messagesInOrder(
  history: ReadonlyArray<{ at: Date; payload: Record<string, unknown> }>,
): Array<{ at: Date; message: string }> {
  const out: Array<{ at: Date; message: string }> = [];
  for (const s of history) {
    const m = typeof s.payload.message === "string" ? s.payload.message.trim() : "";
    if (m && m !== out.at(-1)?.message) out.push({ at: s.at, message: m });
  }
  return out;
}

export type FieldChange = { field: string; from: unknown; to: unknown };

const same = (a: unknown, b: unknown): boolean => {
  const empty = (x: unknown) => x === null || x === undefined || x === "" || (Array.isArray(x) && x.length === 0);
  if (empty(a) && empty(b)) return true;
  return JSON.stringify(a) === JSON.stringify(b);
};

/** What the shopper changed between two versions of a lead (request details such as the page or browser are not a change). */
export function leadChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => !NOT_TOLD.has(k));
  return keys.filter((k) => !same(before[k], after[k])).map((k) => ({ field: k, from: before[k] ?? null, to: after[k] ?? null }));
}

/**
 * A change as people read it: its label and the old and new text ("" for nothing). The booked
 * slot's parts are read as one change of "Booked for".
 */
export function readableChanges(
  changes: readonly FieldChange[],
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Array<{ label: string; from: string; to: string }> {
  const out: Array<{ label: string; from: string; to: string }> = [];
  const slotKeys = new Set(["day", "month", "year", "time"]);
  if (changes.some((c) => slotKeys.has(c.field))) {
    const [from, to] = [bookedSlot(before) ?? "", bookedSlot(after) ?? ""];
    if (from !== to) out.push({ label: typeof after.time === "string" ? LABELS.booked! : "Preferred date", from, to });
  }
  for (const c of changes) {
    if (slotKeys.has(c.field)) continue;
    out.push({ label: answerLabel(c.field), from: answerText(c.field, c.from) ?? "", to: answerText(c.field, c.to) ?? "" });
  }
  return out;
}

/**
 * The category of an enquiry about a car follows the car's car_type with one rule: demo →
 * Demo Vehicle Enquiry, used → Used Vehicle Enquiry, anything else → New Vehicle Enquiry (the
 * same words as the success page's demo/used/new-vehicle-enquiry).
 */
export function vehicleEnquiryCategory(carType: string | null | undefined): string {
  return carType === "demo" ? "Demo Vehicle Enquiry" : carType === "used" ? "Used Vehicle Enquiry" : "New Vehicle Enquiry";
}
