import { describe, expect, test } from "vitest";
import { countTicks } from "./ticks";

describe("a count chart's y-axis", () => {
  test.each([
    [0, 0, []],
    [-3, 0, []],
    [Number.NaN, 0, []],
    [1, 1, [0, 1]],
    [2, 2, [0, 1, 2]],
    [3, 3, [0, 1, 2, 3]],
    [4, 4, [0, 1, 2, 3, 4]],
    [5, 6, [0, 2, 4, 6]],
    [7, 8, [0, 2, 4, 6, 8]],
    [10, 10, [0, 5, 10]],
    [0.4, 1, [0, 1]],
    [23, 30, [0, 10, 20, 30]],
    [99, 100, [0, 25, 50, 75, 100]],
    [1234, 1500, [0, 500, 1000, 1500]],
  ] as Array<[number, number, number[]]>)("max %s → top %s, ticks %j", (max, top, ticks) => {
    const out = countTicks(max);
    expect(out).toEqual({ top, ticks });
    expect(new Set(out.ticks).size).toBe(out.ticks.length);
    for (const t of out.ticks) expect(Number.isInteger(t)).toBe(true);
  });
});
