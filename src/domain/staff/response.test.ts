import { describe, expect, test } from "vitest";
import { hoursOn, localTime } from "../locations/hours";
import { addDays } from "../reports/range";
import type { OpeningHourEntry, SpecialHoursEntry } from "../site/types";
import { DEFAULT_RESPONSE_MINUTES, durationLabel, leadHandlingOf, openMinutesBetween, responseState, type Hours } from "./response";

// parkside's sales hours (docs/demo-data.md): Mon–Sat 9:00–17:00, Sun 10:00–16:00, Melbourne
const day = (weekday: number, open: string, close: string): OpeningHourEntry => ({
  weekday: weekday as OpeningHourEntry["weekday"],
  status: "Open",
  open,
  close,
});
const weekly = [day(0, "10:00", "16:00"), ...[1, 2, 3, 4, 5, 6].map((d) => day(d, "09:00", "17:00"))];
const christmas: SpecialHoursEntry = {
  date: "2026-12-25",
  name: "Christmas Day",
  status: "Closed",
  start_hour: null,
  end_hour: null,
  location_id: null,
} as SpecialHoursEntry;
const hours: Hours = { timeZone: "Australia/Melbourne", weekly, specials: [christmas], locationId: 10012 };
// Melbourne is UTC+11 in summer: 9:00 local is 22:00 UTC the day before
const at = (local: string) => Date.parse(`${local}+11:00`);

describe("openMinutesBetween: only the minutes the location is open", () => {
  test.each([
    ["ten minutes on a Wednesday morning", "2026-11-18T10:30:00", "2026-11-18T10:40:00", 10],
    ["Friday 5:30 pm (closed) to Saturday 9:10 am", "2026-11-20T17:30:00", "2026-11-21T09:10:00", 10],
    ["Saturday 9 pm to Monday 9:10 am: Sunday's six hours and ten minutes", "2026-11-21T21:00:00", "2026-11-23T09:10:00", 370],
    ["across a whole Wednesday", "2026-11-18T00:00:00", "2026-11-19T00:00:00", 480],
    ["Christmas Day is closed", "2026-12-25T08:00:00", "2026-12-25T20:00:00", 0],
    ["before opening to just after", "2026-11-18T07:00:00", "2026-11-18T09:05:00", 5],
    ["the end before the start", "2026-11-18T10:40:00", "2026-11-18T10:30:00", 0],
  ])("%s → %i", (_, from, to, minutes) => expect(openMinutesBetween(at(from), at(to), hours)).toBe(minutes));

  // the plain day-by-day count (as it was first written), against which the week-at-a-time count is checked
  function dayByDay(start: number, end: number, h: Hours): number {
    if (end <= start) return 0;
    const a = localTime(start, h.timeZone);
    const b = localTime(end, h.timeZone);
    const mins = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
    let total = 0;
    let weekday = a.weekday;
    for (let d = a.date, n = 0; d <= b.date && n <= 60; d = addDays(d, 1), n++, weekday = ((weekday + 1) % 7) as typeof weekday) {
      const x = hoursOn(d, weekday, h.weekly, h.specials, h.locationId);
      if (x.status !== "Open" || !x.open || !x.close) continue;
      const from = Math.max(mins(x.open), d === a.date ? a.minutes : 0);
      const to = Math.min(mins(x.close), d === b.date ? b.minutes : 24 * 60);
      if (to > from) total += to - from;
    }
    return total;
  }

  test("the same as counting day by day, over 3,000 random waits (specials of the location, of the site and of another location; waits past 60 days)", () => {
    // a small seeded generator (mulberry32): the same waits every run
    let seed = 37;
    const next = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
    const rng = { int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)) };
    const specials: SpecialHoursEntry[] = [
      christmas,
      { ...christmas, date: "2026-12-26", name: "Boxing Day", status: "Open", start_hour: "10:00", end_hour: "14:00" },
      {
        ...christmas,
        date: "2026-12-24",
        name: "Eve (this location)",
        status: "Open",
        start_hour: "09:00",
        end_hour: "12:00",
        location_id: 10012,
      },
      { ...christmas, date: "2026-12-24", name: "Eve (site)", status: "Closed" },
      { ...christmas, date: "2026-12-28", name: "Stocktake (another location)", status: "Closed", location_id: 99 },
      { ...christmas, date: "2026-12-29", name: "By appointment", status: "By Appointment" },
    ] as SpecialHoursEntry[];
    const h: Hours = { ...hours, weekly: [...weekly.slice(0, 6), { weekday: 6, status: "Closed", open: null, close: null }], specials };
    const base = at("2026-11-01T00:00:00");
    for (let i = 0; i < 3000; i++) {
      const start = base + rng.int(0, 90 * 24 * 60) * 60_000;
      const wait = [rng.int(0, 30), rng.int(0, 3 * 24 * 60), rng.int(0, 100 * 24 * 60)][i % 3]! * 60_000;
      expect(openMinutesBetween(start, start + wait, h), new Date(start).toISOString() + " + " + wait / 60_000).toBe(
        dayByDay(start, start + wait, h),
      );
    }
  });

  test("a location without hours counts every minute", () => {
    expect(openMinutesBetween(at("2026-11-21T21:00:00"), at("2026-11-21T22:30:00"), { ...hours, weekly: [] })).toBe(90);
  });
});

describe("responseState and the site's target", () => {
  test.each([
    ["contacted in 10 open minutes", at("2026-11-18T10:40:00"), null, { contacted: true, minutes: 10, late: false }],
    ["contacted in 20", at("2026-11-18T10:50:00"), null, { contacted: true, minutes: 20, late: true }],
    ["waiting 16 minutes so far", null, at("2026-11-18T10:46:00"), { contacted: false, minutes: 16, late: true }],
    ["waiting 5", null, at("2026-11-18T10:35:00"), { contacted: false, minutes: 5, late: false }],
  ])("%s", (_, contact, now, want) =>
    expect(responseState(new Date(at("2026-11-18T10:30:00")), contact === null ? null : new Date(contact), now ?? 0, 15, hours)).toEqual(
      want,
    ),
  );

  test.each([
    [undefined, { response_minutes: DEFAULT_RESPONSE_MINUTES, round_robin: false }],
    [
      { response_minutes: 30, round_robin: true },
      { response_minutes: 30, round_robin: true },
    ],
    [{ response_minutes: 0 }, { response_minutes: DEFAULT_RESPONSE_MINUTES, round_robin: false }],
    [
      { response_minutes: 1.5, round_robin: "yes" },
      { response_minutes: DEFAULT_RESPONSE_MINUTES, round_robin: false },
    ],
  ])("leadHandlingOf(%j)", (stored, want) => expect(leadHandlingOf(stored as never)).toEqual(want));

  test.each([
    [0, "under a minute"],
    [7, "7 min"],
    [60, "1 h"],
    [125, "2 h 5 min"],
    [1440, "1 day"],
    [4000, "2 days"],
  ])("durationLabel(%i) → %s", (m, want) => expect(durationLabel(m)).toBe(want));
});
