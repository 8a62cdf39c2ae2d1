import { bookableDays, type BookingLocation, type SlotDay } from "../bookings/slots";
import { TEST_DRIVE_RULES } from "../site/bookings";
import { formatTime } from "../site/hours";
import type { SpecialHoursEntry } from "../site/types";

/*
 * Test-drive times a shopper can book: half-hour slots inside the chosen location's
 * opening hours (holiday hours included), over the next two weeks, at least an hour from now, in
 * the location's own time zone. The form offers only these; the lead API refuses any other.
 */
export const NOTICE_MINUTES = TEST_DRIVE_RULES.notice;

export type { SlotDay };
export type LocationHours = BookingLocation;

/** The days (with their open slots) a test drive can be booked at a location, from `now`; `taken` ("YYYY-MM-DD HH:MM") are left out. */
export const testDriveDays = (
  location: LocationHours,
  specials: SpecialHoursEntry[],
  now: number,
  notice = NOTICE_MINUTES,
  taken?: ReadonlySet<string>,
) => bookableDays(location, specials, { ...TEST_DRIVE_RULES, notice }, now, taken);

/** Whether a date (YYYY-MM-DD) and time (HH:MM) is one of the offered slots. */
export const isOfferedSlot = (days: SlotDay[], date: string, time: string) => days.some((d) => d.date === date && d.times.includes(time));

/** "10:30" → "10:30 am", for the time select. */
export const slotLabel = (time: string) => formatTime(time);

/** The date of the day/month/year fields as YYYY-MM-DD. */
export const isoDate = (day: number, month: number, year: number) =>
  `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** Every day (and every time on it) any of the site's locations takes test drives: the choice before the page's script runs. */
export function everyDay(slots: Record<number, SlotDay[]>): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const list of Object.values(slots))
    for (const d of list) {
      const seen = days.get(d.date);
      days.set(d.date, seen ? { ...seen, times: [...new Set([...seen.times, ...d.times])].sort() } : d);
    }
  return [...days.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

export type SlotChoices = { days: SlotDay[] | null; day: SlotDay | undefined; times: string[] };

/**
 * The days and times a test-drive form offers: with script, the chosen location's (none until one is
 * chosen); without, every open day and time of any location (the server refuses a slot the location lacks).
 */
export function testDriveChoices(input: {
  slots: Record<number, SlotDay[]> | undefined;
  locationIds: number[];
  location: number | undefined;
  scripted: boolean;
  date: string | undefined;
}): SlotChoices | null {
  const { slots, locationIds, scripted } = input;
  if (!slots) return null;
  const location = input.location || (locationIds.length === 1 ? locationIds[0] : undefined);
  const forLocation = location !== undefined ? (slots[location] ?? []) : null;
  const days = scripted ? forLocation : (forLocation ?? everyDay(slots));
  // a day chosen for another location is no choice here
  const day = days?.find((d) => d.date === input.date);
  const times = scripted ? (day?.times ?? []) : (day ?? { times: [...new Set(days?.flatMap((d) => d.times))].sort() }).times;
  return { days, day, times };
}
