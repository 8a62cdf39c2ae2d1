/*
 * The uncached render floors DESIGN.md settles: the search page at least 0.25× a trivial dynamic
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
