import { hoursOn, localTime, type DayHours } from "../locations/hours";
import { addDays, daysBetween } from "../reports/range";
import type { OpeningHourEntry, SpecialHoursEntry, Weekday } from "../site/types";

/*
 * How fast a sales team answers. A lead's response time runs from its arrival to its
 * first contact (its first status change), counting only the minutes its location is open (a lead
 * sent at 9 pm Saturday and called at 9:10 am Monday was answered in 10 minutes, not 36 hours).
 * Past the site's target (15 minutes unless the site sets another) it is late.
 */

export const DEFAULT_RESPONSE_MINUTES = 15;

/** A site's lead handling: the response target in open minutes, and whether new leads are assigned in turn per location. */
export type LeadHandling = { response_minutes: number; round_robin: boolean };

/** The site's lead handling with its defaults (the one function every caller reads it through). */
export function leadHandlingOf(stored: Partial<LeadHandling> | null | undefined): LeadHandling {
  const m = stored?.response_minutes;
  return {
    response_minutes: Number.isInteger(m) && m! >= 1 && m! <= 1440 ? m! : DEFAULT_RESPONSE_MINUTES,
    round_robin: stored?.round_robin === true,
  };
}
/** Longer gaps than this are counted as this many days at most (a lead left for months stays late, cheaply). */
const MAX_DAYS = 60;

export type Hours = { timeZone: string; weekly: OpeningHourEntry[]; specials: SpecialHoursEntry[]; locationId: number | null };

/** The hours a lead's timer runs in: its location's week, read in that location's own zone (the site's where it has no location). */
export const leadHours = (
  l: { siteTimezone: string; locationTimezone: string | null; openingHours: OpeningHourEntry[] | null; locationId: number | null },
  specials: SpecialHoursEntry[],
): Hours => ({ timeZone: l.locationTimezone ?? l.siteTimezone, weekly: l.openingHours ?? [], specials, locationId: l.locationId });

const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));

/** A day's open window in minutes after midnight, or null when it is not open. */
const windowOf = (day: DayHours): [number, number] | null =>
  day.status === "Open" && day.open && day.close ? [toMinutes(day.open), toMinutes(day.close)] : null;

/** Minutes open on each weekday by the week's hours alone (kept per hours list: a report asks for thousands of leads). */
const weekCache = new WeakMap<OpeningHourEntry[], number[]>();
function weekMinutes(weekly: OpeningHourEntry[]): number[] {
  let week = weekCache.get(weekly);
  if (!week) {
    week = ([0, 1, 2, 3, 4, 5, 6] as const).map((wd) => {
      const w = windowOf(hoursOn("", wd, weekly, [], null));
      return w ? Math.max(0, w[1] - w[0]) : 0;
    });
    weekCache.set(weekly, week);
  }
  return week;
}

/**
 * The minutes between two instants that fall in the location's opening hours (its special hours
 * first, then its week). A location without any hours counts every minute. The first and last days
 * are clipped to the instants; the whole days between count their weekday's hours (a week at a
 * time), with each special day's own hours in place of its weekday's.
 */
export function openMinutesBetween(start: number, end: number, h: Hours): number {
  if (end <= start) return 0;
  if (!h.weekly.some((w) => w.status === "Open")) return Math.round((end - start) / 60_000);
  const a = localTime(start, h.timeZone);
  const b = localTime(end, h.timeZone);
  const span = daysBetween(a.date, b.date);
  // a longer wait counts MAX_DAYS whole days after the first, and no more
  const last = span > MAX_DAYS ? { date: addDays(a.date, MAX_DAYS + 1), minutes: 0 } : b;
  const days = Math.min(span, MAX_DAYS + 1);
  const weekdayOf = (k: number) => ((a.weekday + k) % 7) as Weekday;
  const clip = (date: string, weekday: Weekday, from: number, to: number) => {
    const w = windowOf(hoursOn(date, weekday, h.weekly, h.specials, h.locationId));
    return w ? Math.max(0, Math.min(w[1], to) - Math.max(w[0], from)) : 0;
  };
  if (days === 0) return clip(a.date, a.weekday, a.minutes, b.minutes);
  let total = clip(a.date, a.weekday, a.minutes, 24 * 60) + clip(last.date, weekdayOf(days), 0, last.minutes);
  const week = weekMinutes(h.weekly);
  const whole = days - 1;
  total += Math.floor(whole / 7) * week.reduce((n, m) => n + m, 0);
  for (let k = 1; k <= whole % 7; k++) total += week[weekdayOf(k)]!;
  // a special day among the whole days: its own hours instead of its weekday's (once a date, whichever entry wins)
  const seen = new Set<string>();
  for (const sp of h.specials) {
    if (sp.date <= a.date || sp.date >= last.date || seen.has(sp.date)) continue;
    if (sp.location_id !== null && sp.location_id !== h.locationId) continue;
    const k = daysBetween(a.date, sp.date);
    if (!Number.isInteger(k)) continue;
    seen.add(sp.date);
    const wd = weekdayOf(k);
    total += clip(sp.date, wd, 0, 24 * 60) - week[wd]!;
  }
  return total;
}

export type ResponseState = { contacted: boolean; minutes: number; late: boolean };

/** A lead's response: contacted or not, the open minutes it took (or has waited so far), and whether that is past the target. */
export function responseState(createdAt: Date, firstContactAt: Date | null, now: number, target: number, h: Hours): ResponseState {
  const end = firstContactAt ? firstContactAt.getTime() : now;
  const minutes = openMinutesBetween(createdAt.getTime(), end, h);
  return { contacted: firstContactAt !== null, minutes, late: minutes > target };
}

/** How long, as people say it: "4 min", "2 h 5 min", "3 days". */
export function durationLabel(minutes: number): string {
  if (minutes < 1) return "under a minute";
  if (minutes < 60) return `${minutes} min`;
  if (minutes < 24 * 60) {
    const h = Math.floor(minutes / 60);
    const m = minutes % 60;
    return m ? `${h} h ${m} min` : `${h} h`;
  }
  const days = Math.floor(minutes / (24 * 60));
  return `${days} day${days === 1 ? "" : "s"}`;
}
