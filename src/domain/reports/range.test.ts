import { describe, expect, test } from "vitest";
import { bucketLabel, bucketOf, buckets, changeLabel, localDay, periodLabel, reportRange } from "./range";

const TODAY = "2026-11-27"; // a Friday

describe("reportRange", () => {
  test.each([
    [
      "nothing asked: the last 30 days by day",
      {},
      { from: "2026-10-29", to: TODAY, by: "day", preset: "30d", days: 30, previous: { from: "2026-09-29", to: "2026-10-28" } },
    ],
    [
      "the last 7 days",
      { preset: "7d" },
      { from: "2026-11-21", to: TODAY, by: "day", days: 7, previous: { from: "2026-11-14", to: "2026-11-20" } },
    ],
    ["the last 90 days, by week", { preset: "90d" }, { days: 90, by: "week" }],
    ["the last 12 months, by month", { preset: "12m" }, { from: "2025-11-28", days: 365, by: "month" }],
    [
      "two dates, and a grouping asked",
      { from: "2026-01-01", to: "2026-03-31", by: "month" },
      { from: "2026-01-01", to: "2026-03-31", by: "month", preset: null, days: 90, previous: { from: "2025-10-03", to: "2025-12-31" } },
    ],
    ["a last day after today is today", { from: "2026-11-20", to: "2027-01-01" }, { from: "2026-11-20", to: TODAY, days: 8 }],
    ["custom dates", { preset: "custom", from: "2026-11-01", to: "2026-11-02" }, { from: "2026-11-01", to: "2026-11-02", preset: null }],
    [
      "a preset wins over dates left in the form",
      { preset: "7d", from: "2026-11-01", to: "2026-11-02" },
      { from: "2026-11-21", preset: "7d" },
    ],
    ["custom without dates: the last 30 days", { preset: "custom" }, { preset: "30d", days: 30 }],
  ])("%s", (_, q, want) => expect(reportRange(q, TODAY)).toMatchObject(want));

  test.each([
    [{ preset: "1y" }],
    [{ from: "2026-02-30", to: "2026-03-01" }],
    [{ to: "2026-13-01" }],
    [{ from: "2026-00-10", to: "2026-01-01" }],
    [{ from: "0000-99-99" }],
    [{ from: "2026-03-02", to: "2026-03-01" }],
    [{ from: "2024-01-01", to: "2026-01-01" }],
    [{ from: "yesterday", to: "2026-01-01" }],
    [{ by: "hour" }],
    [{ from: "2026-01-01\u0000", to: "2026-01-02" }],
  ])("refused: %j", (q) => expect(reportRange(q as Record<string, string>, TODAY)).toBeNull());
});

describe("localDay: the site's date at an instant", () => {
  test.each([
    ["Melbourne, 12:59 UTC is 23:59 the same day (AEDT)", "2026-11-26T12:59:00Z", "Australia/Melbourne", "2026-11-26"],
    ["Melbourne, 13:00 UTC is midnight the next", "2026-11-26T13:00:00Z", "Australia/Melbourne", "2026-11-27"],
    ["Melbourne in winter (AEST): 14:00 UTC is midnight", "2026-06-30T14:00:00Z", "Australia/Melbourne", "2026-07-01"],
    ["Auckland is a day ahead at 11:00 UTC", "2026-11-26T11:00:00Z", "Pacific/Auckland", "2026-11-27"],
    ["UTC", "2026-11-26T23:59:59Z", "UTC", "2026-11-26"],
    ["Los Angeles is a day behind", "2026-11-27T03:00:00Z", "America/Los_Angeles", "2026-11-26"],
  ])("%s", (_, iso, tz, want) => {
    expect(localDay(Date.parse(iso), tz)).toBe(want);
    expect(localDay(new Date(iso), tz)).toBe(want);
  });
  test("an instant that is not one still throws", () => expect(() => localDay(Number.NaN, "UTC")).toThrow(RangeError));
});

describe("buckets", () => {
  test.each([
    ["2026-11-27", "day", "2026-11-27"],
    ["2026-11-27", "week", "2026-11-23"],
    ["2026-11-23", "week", "2026-11-23"],
    ["2026-11-29", "week", "2026-11-23"],
    ["2026-11-27", "month", "2026-11-01"],
  ] as const)("%s by %s → %s", (d, by, want) => expect(bucketOf(d, by)).toBe(want));

  test("a period's buckets, in order, each once", () => {
    expect(buckets("2026-11-25", "2026-11-27", "day")).toEqual(["2026-11-25", "2026-11-26", "2026-11-27"]);
    expect(buckets("2026-11-20", "2026-12-02", "week")).toEqual(["2026-11-16", "2026-11-23", "2026-11-30"]);
    expect(buckets("2025-11-28", "2026-11-27", "month")).toHaveLength(13);
  });

  test.each([
    ["2026-11-03", "day", "3 Nov"],
    ["2026-11-03", "week", "w/c 3 Nov"],
    ["2026-11-01", "month", "Nov 2026"],
  ] as const)("label %s %s → %s", (b, by, want) => expect(bucketLabel(b, by)).toBe(want));

  test("period and change labels", () => {
    expect(periodLabel("2026-11-01", "2026-11-30")).toBe("1 Nov 2026 – 30 Nov 2026");
    expect(periodLabel("2026-11-01", "2026-11-01")).toBe("1 Nov 2026");
    expect([changeLabel(125, 100), changeLabel(90, 100), changeLabel(3, 0), changeLabel(0, 0), changeLabel(1001, 1000)]).toEqual([
      "+25%",
      "−10%",
      "new",
      "no change",
      "no change",
    ]);
  });
});
