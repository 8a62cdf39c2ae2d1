import { describe, expect, test } from "vitest";
import { hoursEntry } from "../site/hours";
import type { SpecialHoursEntry } from "../site/types";
import { everyDay, isOfferedSlot, testDriveChoices, testDriveDays, type LocationHours, type SlotDay } from "./test-drive";

// a sales location: Mon–Sat 9–5, Sunday 10–4 (docs/demo-data.md)
const sales: LocationHours = {
  id: 1,
  timeZone: "Australia/Melbourne",
  weekly: [hoursEntry(0, "Open", "10:00", "16:00"), ...[1, 2, 3, 4, 5, 6].map((d) => hoursEntry(d as 1, "Open", "09:00", "17:00"))],
};
const service: LocationHours = {
  ...sales,
  weekly: [
    hoursEntry(0, "Closed"),
    hoursEntry(6, "By Appointment"),
    ...[1, 2, 3, 4, 5].map((d) => hoursEntry(d as 1, "Open", "07:30", "17:30")),
  ],
};
const at = (iso: string) => Date.parse(iso);

describe("test-drive slots", () => {
  test("half-hour slots inside opening hours, the last one ending at closing", () => {
    const days = testDriveDays(sales, [], at("2026-11-18T07:00:00+11:00")); // Wednesday 7 am
    expect(days[0]).toMatchObject({ date: "2026-11-18", label: "Today, 18 November" });
    expect(days[0]!.times[0]).toBe("09:00");
    expect(days[0]!.times.at(-1)).toBe("16:30");
    expect(days.find((d) => d.date === "2026-11-22")!.times).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
    ]);
    expect(days).toHaveLength(14);
  });

  test("today: nothing in the past or within the hour's notice", () => {
    const days = testDriveDays(sales, [], at("2026-11-18T10:40:00+11:00"));
    expect(days[0]!.times[0]).toBe("12:00"); // 10:40 + 60 min → the 12:00 slot is the first
  });

  test("closed days, by-appointment days and holidays offer nothing", () => {
    const days = testDriveDays(service, [], at("2026-11-18T07:00:00+11:00"));
    expect(days.map((d) => d.date)).not.toContain("2026-11-21"); // Saturday: by appointment
    expect(days.map((d) => d.date)).not.toContain("2026-11-22"); // Sunday: closed
    const christmas: SpecialHoursEntry[] = [
      { date: "2026-12-25", name: "Christmas Day", status: "Closed", start_hour: null, end_hour: null, location_id: null },
    ];
    const xmas = testDriveDays(sales, christmas, at("2026-12-20T08:00:00+11:00"));
    expect(xmas.map((d) => d.date)).not.toContain("2026-12-25");
    const boxing: SpecialHoursEntry[] = [
      { date: "2026-12-26", name: "Boxing Day", status: "Open", start_hour: "10:00", end_hour: "14:00", location_id: null },
    ];
    expect(testDriveDays(sales, boxing, at("2026-12-20T08:00:00+11:00")).find((d) => d.date === "2026-12-26")!.times).toEqual([
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
    ]);
  });

  test("the location's own time zone decides the day and the hour", () => {
    const nz: LocationHours = { ...sales, timeZone: "Pacific/Auckland" };
    // 9:30 am in Melbourne is 11:30 am in Auckland
    expect(testDriveDays(nz, [], at("2026-11-18T09:30:00+11:00"))[0]!.times[0]).toBe("12:30");
  });

  test.each([
    ["2026-11-19", "09:00", true],
    ["2026-11-19", "08:30", false],
    ["2026-11-19", "17:00", false],
    ["2026-11-19", "09:15", false],
    ["2026-12-19", "10:00", false], // beyond two weeks
  ])("%s %s offered: %s", (date, time, offered) => {
    expect(isOfferedSlot(testDriveDays(sales, [], at("2026-11-18T07:00:00+11:00")), date, time)).toBe(offered);
  });
});

describe("the days and times a test-drive form offers", () => {
  const mon = (times: string[]): SlotDay => ({ date: "2026-11-23", label: "Monday, 23 November", times });
  const tue = (times: string[]): SlotDay => ({ date: "2026-11-24", label: "Tuesday, 24 November", times });
  const slots = { 1: [mon(["09:00", "10:00"])], 2: [mon(["09:30", "10:00"]), tue(["11:00"])] };

  test("every day of any location, its times merged and sorted", () => {
    expect(everyDay(slots)).toEqual([mon(["09:00", "09:30", "10:00"]), tue(["11:00"])]);
  });

  test.each([
    // scripted, location, date → days offered, the chosen day, times offered
    [true, undefined, undefined, null, undefined, []],
    [true, 1, undefined, ["2026-11-23"], undefined, []],
    [true, 2, "2026-11-24", ["2026-11-23", "2026-11-24"], "2026-11-24", ["11:00"]],
    [true, 1, "2026-11-24", ["2026-11-23"], undefined, []], // a day chosen for another location
    [false, undefined, undefined, ["2026-11-23", "2026-11-24"], undefined, ["09:00", "09:30", "10:00", "11:00"]],
    [false, undefined, "2026-11-23", ["2026-11-23", "2026-11-24"], "2026-11-23", ["09:00", "09:30", "10:00"]],
    [false, 1, undefined, ["2026-11-23"], undefined, ["09:00", "10:00"]],
  ] as const)("scripted %s, location %s, day %s", (scripted, location, date, days, day, times) => {
    const choices = testDriveChoices({ slots, locationIds: [1, 2], location, scripted, date });
    expect(choices?.days?.map((d) => d.date) ?? null).toEqual(days);
    expect(choices?.day?.date).toBe(day);
    expect(choices?.times).toEqual(times);
  });

  test.each([
    [[7], undefined, ["2026-11-23"]], // the one location needs no choosing
    [[1, 7], undefined, null],
  ])("locations %j, none chosen: days %j", (locationIds, location, days) => {
    const choices = testDriveChoices({ slots: { 7: [mon(["09:00"])] }, locationIds, location, scripted: true, date: undefined });
    expect(choices?.days?.map((d) => d.date) ?? null).toEqual(days);
  });

  test("no test drives at the site: no choices", () => {
    expect(testDriveChoices({ slots: undefined, locationIds: [1], location: 1, scripted: true, date: undefined })).toBeNull();
  });
});
