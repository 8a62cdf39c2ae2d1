import { stringify } from "csv-stringify/sync";
import { leadAnswers, messagesInOrder, whenText } from "../leads/answers";

/** The back-office's lead export: one line per lead, newest first, streamed a page at a time. */
export const LEAD_CSV_COLUMNS = [
  "created_at",
  "site",
  "location",
  "form",
  "subcategory",
  "status",
  "name",
  "email",
  "phone",
  "postcode",
  "car",
  "stock_number",
  "message",
  "answers",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "id",
] as const;

export type LeadCsvRow = {
  id: string;
  createdAt: Date;
  siteName: string;
  locationName: string | null;
  category: string;
  subcategory: string | null;
  status: string;
  name: string | null;
  email: string | null;
  phone: string | null;
  postcode?: string | null;
  vehicleName?: string | null;
  vehicleStock?: string | null;
  /** the lead as stored: its message and every other answer */
  payload?: Record<string, unknown>;
  /** the time zone its times are read in: its location's, else its site's */
  timeZone: string;
  /** every submission of the lead, in order (none when it was never updated) */
  history?: ReadonlyArray<{ at: Date; payload: Record<string, unknown> }>;
};

/**
 * The message cell: what the shopper wrote; when they wrote more than one message on the lead,
 * every one in order, each with when it was sent ("Friday 27 November 2026, 11:47 pm: …").
 */
function messagesCell(r: LeadCsvRow): string | null {
  const all = messagesInOrder(r.history ?? []);
  if (all.length > 1) return all.map((m) => `${whenText(m.at, r.timeZone, { year: true })}: ${m.message}`).join("\n");
  return typeof r.payload?.message === "string" ? r.payload.message : null;
}

const param = (p: Record<string, unknown> | undefined, key: string): string | null => {
  const q = p?.linked_query_params;
  const v = q && typeof q === "object" ? (q as Record<string, unknown>)[key] : undefined;
  return typeof v === "string" ? v : null;
};

/**
 * A shopper typed these values: one starting with = + - @ (or a tab or return) would run as a
 * formula when a dealer opens the file in a spreadsheet, so it is prefixed with ' (OWASP's advice).
 */
export function csvSafe(v: string | null | undefined): string {
  const s = v ?? "";
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

/** A cell as it was before csvSafe guarded it: a file this platform exported goes back in as it left. */
export function csvUnguarded(v: string): string {
  return /^'[=+\-@\t\r]/.test(v) ? v.slice(1) : v;
}

export function leadCsvHeader(): string {
  return stringify([[...LEAD_CSV_COLUMNS]]);
}

export function leadCsvLines(rows: readonly LeadCsvRow[]): string {
  return stringify(
    rows.map((r) => [
      whenText(r.createdAt, r.timeZone, { year: true }),
      csvSafe(r.siteName),
      csvSafe(r.locationName),
      csvSafe(r.category),
      csvSafe(r.subcategory),
      r.status,
      csvSafe(r.name),
      csvSafe(r.email),
      csvSafe(r.phone),
      csvSafe(r.postcode),
      csvSafe(r.vehicleName),
      csvSafe(r.vehicleStock),
      csvSafe(messagesCell(r)),
      // every other answer as the lead page shows it, one per line in the cell
      csvSafe(
        leadAnswers(r.payload ?? {}, r.timeZone)
          .filter(([label]) => label !== "Comments" && label !== "Postcode")
          .map(([label, value]) => `${label}: ${value}`)
          .join("\n"),
      ),
      csvSafe(param(r.payload, "utm_source")),
      csvSafe(param(r.payload, "utm_medium")),
      csvSafe(param(r.payload, "utm_campaign")),
      r.id,
    ]),
  );
}
