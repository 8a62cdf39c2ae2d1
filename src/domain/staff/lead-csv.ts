import { stringify } from "csv-stringify/sync";

/** The back-office's lead export (issue 16): one line per lead, newest first, streamed a page at a time. */
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
};

/**
 * A shopper typed these values: one starting with = + - @ (or a tab or return) would run as a
 * formula when a dealer opens the file in a spreadsheet, so it is prefixed with ' (OWASP's advice).
 */
export function csvSafe(v: string | null | undefined): string {
  const s = v ?? "";
  return /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
}

export function leadCsvHeader(): string {
  return stringify([[...LEAD_CSV_COLUMNS]]);
}

export function leadCsvLines(rows: readonly LeadCsvRow[]): string {
  return stringify(
    rows.map((r) => [
      r.createdAt.toISOString(),
      csvSafe(r.siteName),
      csvSafe(r.locationName),
      csvSafe(r.category),
      csvSafe(r.subcategory),
      r.status,
      csvSafe(r.name),
      csvSafe(r.email),
      csvSafe(r.phone),
      r.id,
    ]),
  );
}
