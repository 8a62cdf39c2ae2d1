import type { OpeningHourEntry, OpeningStatus, Weekday } from "./types";

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
