import type { Location, OpeningHourEntry, OpeningStatus, SiteRecord, Weekday } from "./types";

/** "07:30" → "7:30 am", "17:00" → "5:00 pm" */
export function formatTime(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const suffix = h >= 12 ? "pm" : "am";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${String(m).padStart(2, "0")} ${suffix}`;
}

export function formatHours(status: OpeningStatus, open: string | null, close: string | null): string {
  if (status !== "Open" || !open || !close) return status;
  return `${formatTime(open)} - ${formatTime(close)}`;
}

export function hoursEntry(
  weekday: Weekday,
  status: OpeningStatus,
  open: string | null = null,
  close: string | null = null,
): OpeningHourEntry {
  return { weekday, status, open, close, formated_hours: formatHours(status, open, close) };
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** Entries ordered Monday first, as a week is read on a location card. */
export function mondayFirst(entries: OpeningHourEntry[]): OpeningHourEntry[] {
  return [...entries].sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7));
}

/**
 * The hours of the site itself (the dealer as a whole: the footer, the chat, the site's
 * structured data): the site record's opening_hours, or, where it has none, its main sales location's.
 */
export function siteHours(site: Pick<SiteRecord, "openingHours">, locations: Location[]): OpeningHourEntry[] {
  if (site.openingHours.length > 0) return site.openingHours;
  const sales = locations.filter((l) => l.locationType === "sales");
  return (sales.find((l) => l.isPrimary) ?? sales[0] ?? locations[0])?.openingHours ?? [];
}
