import { describe, expect, test } from "vitest";
import { formatHours, formatTime, hoursEntry, mondayFirst, siteHours } from "./hours";
import type { Location } from "./types";

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

describe("siteHours: the site's own hours, else its main sales location's (opening_hours)", () => {
  const week = (open: string) => [hoursEntry(1, "Open", open, "17:00")];
  const loc = (id: number, locationType: Location["locationType"], isPrimary: boolean, open: string) =>
    ({ id, locationType, isPrimary, openingHours: week(open) }) as Location;
  test.each([
    ["the site's own", week("07:00"), [loc(1, "sales", true, "09:00")], "07:00"],
    [
      "the primary sales location's",
      [],
      [loc(1, "service", true, "07:30"), loc(2, "sales", false, "08:00"), loc(3, "sales", true, "09:00")],
      "09:00",
    ],
    ["the first sales location's", [], [loc(1, "service", true, "07:30"), loc(2, "sales", false, "08:00")], "08:00"],
    ["any location's", [], [loc(1, "parts", false, "08:30")], "08:30"],
  ] as const)("%s", (_, own, locations, opens) => {
    expect(siteHours({ openingHours: [...own] }, [...locations])[0]?.open).toBe(opens);
  });
  test("none at all", () => expect(siteHours({ openingHours: [] }, [])).toEqual([]));
});
