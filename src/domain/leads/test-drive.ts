import { hoursOn, localTime } from "../locations/hours";
import { formatTime, WEEKDAY_NAMES } from "../site/hours";
import type { OpeningHourEntry, SpecialHoursEntry, Weekday } from "../site/types";

/*
 * Test-drive times a shopper can book: half-hour slots inside the chosen location's
 * opening hours (holiday hours included), over the next two weeks, at least an hour from now, in
 * the location's own time zone. The form offers only these; the lead API refuses any other.
 */
export const SLOT_MINUTES = 30;
export const DAYS_AHEAD = 14;
export const NOTICE_MINUTES = 60;

export type SlotDay = { date: string; label: string; times: string[] };
export type LocationHours = { id: number; timeZone: string; weekly: OpeningHourEntry[] };

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;
const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

function plusDays(date: string, n: number): { date: string; weekday: Weekday } {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return { date: d.toISOString().slice(0, 10), weekday: d.getUTCDay() as Weekday };
}

/** The days (with their open slots) a test drive can be booked at a location, from `now`; `taken` ("YYYY-MM-DD HH:MM") are left out. */
export function testDriveDays(
  location: LocationHours,
  specials: SpecialHoursEntry[],
  now: number,
  notice = NOTICE_MINUTES,
  taken?: ReadonlySet<string>,
): SlotDay[] {
  const today = localTime(now, location.timeZone);
  const days: SlotDay[] = [];
  for (let n = 0; n < DAYS_AHEAD; n++) {
    const { date, weekday } = plusDays(today.date, n);
    const h = hoursOn(date, weekday, location.weekly, specials, location.id);
    if (h.status !== "Open" || !h.open || !h.close) continue;
    const [open, close] = [minutesOf(h.open), minutesOf(h.close)];
    const earliest = n === 0 ? today.minutes + notice : 0;
    const times: string[] = [];
    for (let m = open; m + SLOT_MINUTES <= close; m += SLOT_MINUTES)
      if (m >= earliest && !taken?.has(`${date} ${hhmm(m)}`)) times.push(hhmm(m));
    if (times.length === 0) continue;
    const [, month, day] = date.split("-").map(Number) as [number, number, number];
    const label = `${n === 0 ? "Today" : n === 1 ? "Tomorrow" : WEEKDAY_NAMES[weekday]}, ${day} ${MONTHS[month - 1]}`;
    days.push({ date, label, times });
  }
  return days;
}

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
