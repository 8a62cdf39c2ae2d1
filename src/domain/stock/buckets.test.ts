import { describe, expect, test } from "vitest";
import { bucketLabel, bucketRanges, isBucket, rangeValue } from "./buckets";

describe("range buckets", () => {
  test("price: contiguous, inclusive, no gaps or overlaps", () => {
    const b = bucketRanges("price", 2026);
    expect(b).toEqual([
      { max: 14_999 },
      { min: 15_000, max: 24_999 },
      { min: 25_000, max: 39_999 },
      { min: 40_000, max: 59_999 },
      { min: 60_000 },
    ]);
  });
  test("years count back from this year", () => {
    expect(bucketRanges("year", 2026)).toEqual([{ min: 2025 }, { min: 2021, max: 2024 }, { min: 2016, max: 2020 }, { max: 2015 }]);
  });
  test.each([
    ["price", { max: 14_999 }, "km", "Under $15,000"],
    ["price", { min: 15_000, max: 24_999 }, "km", "$15,000 – $24,999"],
    ["price", { min: 60_000 }, "km", "$60,000 and over"],
    ["year", { min: 2025 }, "km", "2025 and newer"],
    ["year", { min: 2021, max: 2024 }, "km", "2021 – 2024"],
    ["year", { max: 2015 }, "km", "2015 and older"],
    ["odometer", { max: 9_999 }, "km", "Under 10,000 km"],
    ["odometer", { min: 100_000 }, "mi", "100,000 mi and over"],
  ] as const)("%s %j reads %j", (dimension, range, unit, label) => {
    expect(bucketLabel(dimension, range, unit)).toBe(label);
  });
  test.each([
    ["price", 9990, "$9,990"],
    ["price", 116_990, "$116,990"],
    ["year", 2019, "2019"],
    ["odometer", 120_000, "120,000"],
  ] as const)("a %s bound %d reads %j (the min/max boxes' placeholders)", (dimension, n, text) => {
    expect(rangeValue(dimension, n)).toBe(text);
  });
  test("the current bucket is the one whose bounds the search has", () => {
    expect(isBucket({ min: 15_000, max: 24_999 }, { min: 15_000, max: 24_999 })).toBe(true);
    expect(isBucket({ min: 15_000 }, { min: 15_000, max: 24_999 })).toBe(false);
  });
});
