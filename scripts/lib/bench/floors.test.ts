import { describe, expect, test } from "vitest";
import { cycleRatios, missedFloors } from "./floors";

describe("the uncached floors the bench fails below", () => {
  test.each([
    // what this stack measures on a quiet 2-core machine: passes (a 0.33× / 0.4× budget failed it)
    [{ searchRatio: 0.26, vehicleRatio: 0.31, searchKb: 118 }, []],
    [{ searchRatio: 0.25, vehicleRatio: 0.3, searchKb: 120 }, []],
    [{ searchRatio: 0.24, vehicleRatio: 0.31, searchKb: 100 }, ["search 0.24× < 0.25×"]],
    [{ searchRatio: 0.3, vehicleRatio: 0.29, searchKb: 100 }, ["vehicle 0.29× < 0.3×"]],
    [{ searchRatio: 0.3, vehicleRatio: 0.4, searchKb: 120.1 }, ["search HTML 120.1 KB > 120 KB"]],
    // a round that measured nothing is a failure, not a pass
    // compared unrounded: 0.2496 would show as 0.25 but is below the floor, and says so
    [{ searchRatio: 0.2496, vehicleRatio: 0.31, searchKb: 100 }, ["search 0.2496× < 0.25×"]],
    [{ searchRatio: Number.NaN, vehicleRatio: 0.4, searchKb: 100 }, ["search NaN× < 0.25×"]],
  ])("%o → %o", (figures, missed) => {
    expect(missedFloors(figures)).toEqual(missed);
  });
});

describe("the cycles' ratios: every page's requests against the trivial page's in the same slices of time", () => {
  test.each([
    // a steady machine: the ratio is the pages' own
    [[{ baseline: 1000, search: 250, vehicle: 300 }], 0.25, 0.3],
    // a machine that slows down for a while slows every page alike: the totals keep the ratio
    [
      [
        { baseline: 1000, search: 250, vehicle: 300 },
        { baseline: 600, search: 150, vehicle: 180 },
        { baseline: 1200, search: 300, vehicle: 360 },
      ],
      0.25,
      0.3,
    ],
    // the totals, not the mean of each cycle's ratio: a slow cycle weighs what it measured
    [
      [
        { baseline: 1000, search: 300, vehicle: 300 },
        { baseline: 500, search: 100, vehicle: 150 },
      ],
      400 / 1500,
      450 / 1500,
    ],
  ])("%o → search %d, vehicle %d", (cycles, search, vehicle) => {
    const r = cycleRatios(cycles);
    expect(r.searchRatio).toBeCloseTo(search, 10);
    expect(r.vehicleRatio).toBeCloseTo(vehicle, 10);
  });

  test("the spread is the cycles' own ratios' quartiles", () => {
    const cycles = [0.2, 0.24, 0.26, 0.28, 0.3, 0.32, 0.34, 0.4].map((x) => ({ baseline: 1000, search: x * 1000, vehicle: x * 1000 }));
    const r = cycleRatios(cycles);
    expect(r.spread.search[0]).toBeCloseTo(0.24, 10);
    expect(r.spread.search[1]).toBeCloseTo(0.32, 10);
  });

  test("nothing measured is a failure, not a pass", () => {
    const r = cycleRatios([]);
    expect(missedFloors({ searchRatio: r.searchRatio, vehicleRatio: r.vehicleRatio, searchKb: 100 })).toHaveLength(2);
  });
});
