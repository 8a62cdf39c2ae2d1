import { hoursOn, instantAt, isoInZone, localTime } from "../locations/hours";
import { WEEKDAY_NAMES } from "../site/hours";
import type { OpeningHourEntry, SpecialHoursEntry, Weekday } from "../site/types";

/*
 * Bookable times: slots of a fixed length inside a location's hours on a day of its own calendar
 * (holiday hours included), each taking a number of bookings at once (one car for a test drive, the
 * workshop's drop-offs for a service). Only what is still ahead is offered; the database holds each
 * booking to a seat of its slot, so what is free here is a view, never the guard.
 */

export const BOOKING_KINDS = ["service", "test-drive"] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

/** How a kind of booking is offered: slot length and how many at once, notice (minutes), same-day or not, how many days ahead. */
export type SlotRules = { minutes: number; capacity: number; notice: number; sameDay: boolean; daysAhead: number };

export type BookingLocation = { id: number; timeZone: string; weekly: OpeningHourEntry[] };
export type Slot = { start: number; end: number; capacity: number };
export type SlotAnswer = { start: string; end: string; available: number };

export const isIsoDate = (s: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

export function plusDays(date: string, n: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

const minutesOf = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** The slots a location offers on a date of its own calendar, from `now` plus the notice on. */
export function slotsOn(date: string, location: BookingLocation, specials: SpecialHoursEntry[], rules: SlotRules, now: number): Slot[] {
  const today = localTime(now, location.timeZone).date;
  if (date < today || (date === today && !rules.sameDay) || date > plusDays(today, rules.daysAhead - 1)) return [];
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay() as Weekday;
  const h = hoursOn(date, weekday, location.weekly, specials, location.id);
  if (h.status !== "Open" || !h.open || !h.close) return [];
  const earliest = now + rules.notice * 60_000;
  const slots: Slot[] = [];
  for (let m = minutesOf(h.open); m + rules.minutes <= minutesOf(h.close); m += rules.minutes) {
    const start = instantAt(date, m, location.timeZone);
    if (start >= earliest) slots.push({ start, end: start + rules.minutes * 60_000, capacity: rules.capacity });
  }
  return slots;
}

/** The slots with what is left of each (`taken`: bookings held per start), full ones left out, in the location's own clock. */
export function openSlots(slots: Slot[], taken: ReadonlyMap<number, number>, timeZone: string): SlotAnswer[] {
  return slots
    .map((s) => ({
      start: isoInZone(s.start, timeZone),
      end: isoInZone(s.end, timeZone),
      available: s.capacity - (taken.get(s.start) ?? 0),
    }))
    .filter((s) => s.available > 0);
}

/** The first `count` free starts from a date on, as far as the rules reach: what a shopper is offered instead of a taken time. */
export function nextFreeStarts(
  from: string,
  location: BookingLocation,
  specials: SpecialHoursEntry[],
  rules: SlotRules,
  now: number,
  taken: ReadonlyMap<number, number>,
  count = 3,
): string[] {
  const out: string[] = [];
  const today = localTime(now, location.timeZone).date;
  for (let date = from < today ? today : from, n = 0; out.length < count && n < rules.daysAhead; date = plusDays(date, 1), n++)
    for (const s of openSlots(slotsOn(date, location, specials, rules, now), taken, location.timeZone))
      if (out.length < count) out.push(s.start);
  return out;
}

/** ISO 8601 with a time and an offset (or Z), as booking_start is sent; anything else is no start. */
const ISO_START = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
export function parseStart(value: unknown): number | null {
  if (typeof value !== "string" || !ISO_START.test(value)) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** The slot of `slots` that starts at an instant, if any. */
export const slotAt = (slots: Slot[], start: number) => slots.find((s) => s.start === start);

/** A day a form offers: its date, its label ("Tomorrow, 8 December") and its free times ("HH:MM", the location's clock). */
export type SlotDay = { date: string; label: string; times: string[] };

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The days (with their times) a form offers at a location from `now`, as far as the rules reach;
 * `taken` ("YYYY-MM-DD HH:MM": a car's booked times, a workshop's full ones) are left out.
 */
export function bookableDays(
  location: BookingLocation,
  specials: SpecialHoursEntry[],
  rules: SlotRules,
  now: number,
  taken?: ReadonlySet<string>,
): SlotDay[] {
  const today = localTime(now, location.timeZone).date;
  const days: SlotDay[] = [];
  for (let n = 0; n < rules.daysAhead; n++) {
    const date = plusDays(today, n);
    const times = slotsOn(date, location, specials, rules, now)
      .map((s) => hhmm(localTime(s.start, location.timeZone).minutes))
      .filter((t) => !taken?.has(`${date} ${t}`));
    if (times.length === 0) continue;
    const [, month, day] = date.split("-").map(Number) as [number, number, number];
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    days.push({ date, label: `${n === 0 ? "Today" : n === 1 ? "Tomorrow" : WEEKDAY_NAMES[weekday]}, ${day} ${MONTHS[month - 1]}`, times });
  }
  return days;
}
