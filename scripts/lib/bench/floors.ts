/*
 * The uncached render floors docs/design.md settles: the search page at least 0.25× a trivial dynamic
 * Next page's requests per second on the same machine in the same run, a vehicle page at least
 * 0.3×, and the search page's HTML at most 120 KB. They are floors at what this stack measures, so
 * the bench fails below them and no change can make them worse unnoticed. Pure, so that the line is
 * table-tested (floors.test.ts).
 */

export const UNCACHED_FLOORS = { searchRatio: 0.25, vehicleRatio: 0.3, searchHtmlKb: 120 } as const;

export type UncachedFigures = { searchRatio: number; vehicleRatio: number; searchKb: number };

const shown = (x: number) => Math.round(x * 10000) / 10000;

/** What misses a floor, in words (the figures to four places, compared unrounded); empty when every floor holds. */
export function missedFloors(f: UncachedFigures): string[] {
  const missed: string[] = [];
  if (!(f.searchRatio >= UNCACHED_FLOORS.searchRatio)) missed.push(`search ${shown(f.searchRatio)}× < ${UNCACHED_FLOORS.searchRatio}×`);
  if (!(f.vehicleRatio >= UNCACHED_FLOORS.vehicleRatio))
    missed.push(`vehicle ${shown(f.vehicleRatio)}× < ${UNCACHED_FLOORS.vehicleRatio}×`);
  if (!(f.searchKb <= UNCACHED_FLOORS.searchHtmlKb)) missed.push(`search HTML ${f.searchKb} KB > ${UNCACHED_FLOORS.searchHtmlKb} KB`);
  return missed;
}

/** What each page answered in one cycle of the uncached comparison, one slice each: requests a second. */
export type Cycle = { baseline: number; search: number; vehicle: number };

/**
 * The pages against the trivial page over every cycle: the sum of their slices' rates against the
 * trivial page's, slices taken in the same minutes. A machine that speeds up or slows down for a
 * while does so for all three alike, as they take turns every few seconds. With the quartiles of
 * the cycles' own ratios, to show the spread. NaN when nothing was measured.
 */
export function cycleRatios(cycles: readonly Cycle[]): {
  searchRatio: number;
  vehicleRatio: number;
  spread: { search: [number, number]; vehicle: [number, number] };
} {
  const sum = (page: keyof Cycle) => cycles.reduce((n, c) => n + c[page], 0);
  const baseline = sum("baseline");
  const quartiles = (page: "search" | "vehicle"): [number, number] => {
    const xs = cycles.map((c) => c[page] / c.baseline).sort((a, b) => a - b);
    const at = (p: number) => xs[Math.min(xs.length - 1, Math.max(0, Math.ceil(p * xs.length) - 1))] ?? Number.NaN;
    return [at(0.25), at(0.75)];
  };
  return {
    searchRatio: sum("search") / baseline,
    vehicleRatio: sum("vehicle") / baseline,
    spread: { search: quartiles("search"), vehicle: quartiles("vehicle") },
  };
}
