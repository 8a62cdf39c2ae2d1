import { describe, expect, test } from "vitest";
import { instantAt, isoInZone } from "../locations/hours";
import type { OpeningHourEntry, SpecialHoursEntry } from "../site/types";
import { bookingCalendar, icsText } from "./ics";
import { isIsoDate, nextFreeStarts, openSlots, parseStart, slotsOn, type SlotRules } from "./slots";

const weekday = (d: number, open: string, close: string): OpeningHourEntry => ({
  weekday: d as 1,
  status: "Open",
  formated_hours: "",
  open,
  close,
});
// weekdays 7:30 am to 5:30 pm, Saturday by appointment, Sunday closed (a workshop)
const WEEKLY: OpeningHourEntry[] = [1, 2, 3, 4, 5].map((d) => weekday(d, "07:30", "17:30"));
const WORKSHOP = { id: 1, timeZone: "Australia/Melbourne", weekly: WEEKLY };
const RULES: SlotRules = { minutes: 30, capacity: 2, notice: 0, sameDay: false, daysAhead: 90 };
const NOW = Date.parse("2026-12-07T09:00:00+11:00"); // a Monday morning in Melbourne

describe("a zone's clock", () => {
  test.each([
    ["2026-12-08", 450, "Australia/Melbourne", "2026-12-08T07:30:00+11:00"],
    ["2026-07-08", 450, "Australia/Melbourne", "2026-07-08T07:30:00+10:00"],
    ["2026-12-08", 540, "Pacific/Auckland", "2026-12-08T09:00:00+13:00"],
    ["2026-12-08", 540, "Australia/Perth", "2026-12-08T09:00:00+08:00"],
    ["2026-12-08", 540, "Australia/Adelaide", "2026-12-08T09:00:00+10:30"],
    // the hour lost when Melbourne's clocks go forward (2:00 → 3:00 on 4 October 2026) lands after it
    ["2026-10-04", 150, "Australia/Melbourne", "2026-10-04T03:30:00+11:00"],
  ])("%s at minute %i in %s is %s", (date, minutes, zone, iso) => {
    expect(isoInZone(instantAt(date, minutes, zone), zone)).toBe(iso);
  });
});

describe("slotsOn", () => {
  test("a weekday: half hours from opening to the last that ends by closing", () => {
    const slots = slotsOn("2026-12-08", WORKSHOP, [], RULES, NOW);
    expect(slots).toHaveLength(20);
    expect(isoInZone(slots[0]!.start, WORKSHOP.timeZone)).toBe("2026-12-08T07:30:00+11:00");
    expect(isoInZone(slots.at(-1)!.end, WORKSHOP.timeZone)).toBe("2026-12-08T17:30:00+11:00");
  });

  test.each([
    ["today, without same-day bookings", "2026-12-07", RULES],
    ["a Sunday", "2026-12-13", RULES],
    ["a day gone", "2026-12-01", RULES],
    ["a day past the reach", "2027-06-01", RULES],
    ["a holiday", "2026-12-25", RULES],
  ])("%s offers nothing", (_, date, rules) => {
    const specials: SpecialHoursEntry[] = [
      { date: "2026-12-25", name: "Christmas Day", status: "Closed", start_hour: null, end_hour: null, location_id: null },
    ];
    expect(slotsOn(date, WORKSHOP, specials, rules, NOW)).toEqual([]);
  });

  test("same day with notice: only what starts an hour from now on", () => {
    const slots = slotsOn("2026-12-07", WORKSHOP, [], { ...RULES, sameDay: true, notice: 60 }, NOW);
    expect(isoInZone(slots[0]!.start, WORKSHOP.timeZone)).toBe("2026-12-07T10:00:00+11:00");
  });
});

describe("what is free", () => {
  const slots = slotsOn("2026-12-08", WORKSHOP, [], RULES, NOW);
  const taken = new Map([
    [slots[0]!.start, 2],
    [slots[1]!.start, 1],
  ]);
  test("a full slot is left out; a part-taken one says what is left", () => {
    const open = openSlots(slots, taken, WORKSHOP.timeZone);
    expect(open[0]).toEqual({ start: "2026-12-08T08:00:00+11:00", end: "2026-12-08T08:30:00+11:00", available: 1 });
  });
  test("the next free starts skip the full slot and the weekend", () => {
    expect(nextFreeStarts("2026-12-08", WORKSHOP, [], RULES, NOW, taken, 2)).toEqual([
      "2026-12-08T08:00:00+11:00",
      "2026-12-08T08:30:00+11:00",
    ]);
    const friday = slotsOn("2026-12-11", WORKSHOP, [], RULES, NOW);
    const fridayFull = new Map(friday.map((s) => [s.start, 2]));
    expect(nextFreeStarts("2026-12-11", WORKSHOP, [], RULES, NOW, fridayFull, 1)).toEqual(["2026-12-14T07:30:00+11:00"]);
  });
});

describe("input", () => {
  test.each([
    ["2026-12-08T07:30:00+11:00", Date.parse("2026-12-07T20:30:00Z")],
    ["2026-12-07T20:30:00Z", Date.parse("2026-12-07T20:30:00Z")],
    ["2026-12-08T07:30+11:00", Date.parse("2026-12-07T20:30:00Z")],
    ["2026-12-08T07:30:00", null],
    ["2026-12-08", null],
    ["__proto__", null],
    ["2026-12-08T07:30:00+11:00\u0000", null],
    [12, null],
  ])("booking_start %j is %s", (given, instant) => {
    expect(parseStart(given)).toBe(instant);
  });
  test.each([
    ["2026-12-08", true],
    ["2026-02-30", false],
    ["2026-12-8", false],
    ["2026-12-08\u0000", false],
  ])("%j is a date: %s", (given, ok) => {
    expect(isIsoDate(given)).toBe(ok);
  });
});

describe("the calendar invite", () => {
  const ics = bookingCalendar({
    uid: "b1@bookings",
    start: Date.parse("2026-12-08T07:30:00+11:00"),
    end: Date.parse("2026-12-08T08:00:00+11:00"),
    summary: "Service booking — Parkside, Ringwood",
    description: "When: Tuesday 8 December 2026\nSee or cancel: https://example.com/booking/x",
    location: "Parkside Service Centre; 2 Bond Street, Ringwood VIC 3134, with a name long enough to be folded onto another line",
    timeZone: "Australia/Melbourne",
    url: "https://example.com/booking/x",
    organizer: { name: "Parkside", email: "service@example.com" },
    stamp: NOW,
  });
  test("UTC times, escaped text, folded lines, CRLF endings", () => {
    expect(ics).toContain("DTSTART:20261207T203000Z\r\n");
    expect(ics).toContain("METHOD:REQUEST\r\n");
    expect(ics).toContain("SUMMARY:Service booking — Parkside\\, Ringwood\r\n");
    expect(ics).toContain("DESCRIPTION:When: Tuesday 8 December 2026\\nSee or cancel:");
    expect(ics.split("\r\n").every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    expect(ics.replace(/\r\n /g, "")).toContain(
      "LOCATION:Parkside Service Centre\\; 2 Bond Street\\, Ringwood VIC 3134\\, with a name long enough to be folded onto another line",
    );
  });
  test.each([
    ["a;b,c\\d", "a\\;b\\,c\\\\d"],
    ["line\r\nbreak", "line\\nbreak"],
    ["bell\u0007", "bell"],
  ])("%j is written %j", (text, written) => {
    expect(icsText(text)).toBe(written);
  });
});
