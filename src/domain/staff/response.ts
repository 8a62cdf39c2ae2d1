import { hoursOn, localTime } from "../locations/hours";
import { addDays } from "../reports/range";
import type { OpeningHourEntry, SpecialHoursEntry } from "../site/types";

/*
 * Issue 37: how fast a sales team answers. A lead's response time runs from its arrival to its
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

const toMinutes = (t: string | null) => (t ? Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5)) : 0);

/**
 * The minutes between two instants that fall in the location's opening hours (its special hours
 * first, then its week). A location without any hours counts every minute.
 */
export function openMinutesBetween(start: number, end: number, h: Hours): number {
  if (end <= start) return 0;
  if (!h.weekly.some((w) => w.status === "Open")) return Math.round((end - start) / 60_000);
  const a = localTime(start, h.timeZone);
  const b = localTime(end, h.timeZone);
  let total = 0;
  let weekday = a.weekday;
  for (let d = a.date, n = 0; d <= b.date && n <= MAX_DAYS; d = addDays(d, 1), n++, weekday = ((weekday + 1) % 7) as typeof weekday) {
    const day = hoursOn(d, weekday, h.weekly, h.specials, h.locationId);
    if (day.status !== "Open" || !day.open || !day.close) continue;
    const from = Math.max(toMinutes(day.open), d === a.date ? a.minutes : 0);
    const to = Math.min(toMinutes(day.close), d === b.date ? b.minutes : 24 * 60);
    if (to > from) total += to - from;
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
