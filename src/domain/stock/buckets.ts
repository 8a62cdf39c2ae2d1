import { formatPrice } from "../format/price";
import type { Range } from "./search";

/*
 * The ranges a shopper picks from beside the min/max inputs of price, year and odometer, each with
 * how many vehicles fall in it (counted by the search). Bounds are inclusive, as the filters are.
 */
export type RangeDimension = "price" | "year" | "odometer";
export type Bucket = Range & { count: number };

const PRICE_EDGES = [15_000, 25_000, 40_000, 60_000];
const ODOMETER_EDGES = [10_000, 50_000, 100_000]; // in the site's unit (km, or miles in the US)

/** Consecutive inclusive ranges between edges: under the first, between each pair, and the last and over. */
function between(edges: number[]): Range[] {
  return [
    { max: edges[0]! - 1 },
    ...edges.slice(1).map((edge, i) => ({ min: edges[i]!, max: edge - 1 })),
    { min: edges[edges.length - 1]! },
  ];
}

/** The ranges of a dimension; years count back from the current one. */
export function bucketRanges(dimension: RangeDimension, currentYear: number): Range[] {
  if (dimension === "price") return between(PRICE_EDGES);
  if (dimension === "odometer") return between(ODOMETER_EDGES);
  const y = currentYear;
  return [{ min: y - 1 }, { min: y - 5, max: y - 2 }, { min: y - 10, max: y - 6 }, { max: y - 11 }];
}

/**
 * A bound as the shopper reads it: "$9,990", "2019", "120,000" (the odometer's unit is in its legend).
 * The min/max boxes show the stock's lowest and highest this way, never as "9990 / 116990".
 */
export const rangeValue = (dimension: RangeDimension, n: number): string =>
  dimension === "price" ? formatPrice(n) : dimension === "year" ? String(n) : n.toLocaleString("en-AU");

/** How a range reads: "Under $15,000", "$15,000 – $24,999", "$60,000 and over"; "2025 and newer"; "Under 10,000 km". */
export function bucketLabel(dimension: RangeDimension, r: Range, unit: string): string {
  const show = (n: number) => (dimension === "odometer" ? `${rangeValue(dimension, n)} ${unit}` : rangeValue(dimension, n));
  if (dimension === "year") {
    if (r.min !== undefined && r.max === undefined) return `${r.min} and newer`;
    if (r.min === undefined && r.max !== undefined) return `${r.max} and older`;
    return `${r.min} – ${r.max}`;
  }
  if (r.min === undefined && r.max !== undefined) return `Under ${show(r.max + 1)}`;
  if (r.min !== undefined && r.max === undefined) return `${show(r.min)} and over`;
  return `${show(r.min!)} – ${show(r.max!)}`;
}

/** Whether the search's range is exactly this bucket (its link is then the current one). */
export const isBucket = (q: Range, b: Range) => q.min === b.min && q.max === b.max;
