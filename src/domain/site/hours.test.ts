import { describe, expect, test } from "vitest";
import { formatHours, formatTime, hoursEntry, mondayFirst } from "./hours";

describe("hours formatting", () => {
  test.each([
    ["07:30", "7:30 am"],
    ["00:00", "12:00 am"],
    ["12:00", "12:00 pm"],
    ["17:30", "5:30 pm"],
  ])("%s → %s", (t, out) => expect(formatTime(t)).toBe(out));

  test.each([
    ["Open", "09:00", "17:00", "9:00 am - 5:00 pm"],
    ["Closed", null, null, "Closed"],
    ["By Appointment", null, null, "By Appointment"],
    ["Open", null, null, "Open"],
  ] as const)("%s %s-%s → %s", (status, open, close, out) => expect(formatHours(status, open, close)).toBe(out));

  test("weeks read Monday first, Sunday (0) last", () => {
    const week = [0, 1, 2, 3, 4, 5, 6].map((d) => hoursEntry(d as 0, "Closed"));
    expect(mondayFirst(week).map((e) => e.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
  });
});
