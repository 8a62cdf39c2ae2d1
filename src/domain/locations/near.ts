import { countryFormat, KM_PER_MILE } from "../format/country";
import type { Country } from "../site/types";
import { distanceKm } from "./geo";

/*
 * Where the shopper is (an Australian postcode, or their browser's position
 * rounded to about a kilometre) and how far each location and car is from there. Distances use
 * The haversine distance (distanceKm, on a 6371 km Earth). Pure: the postcode's coordinates come from the server's table.
 */

/** "within 25/50/100/250" (km, or miles on a US site). */
export const WITHIN = [25, 50, 100, 250] as const;
export type Within = (typeof WITHIN)[number];

/** What the address says about where the shopper is. */
export type NearQuery = {
  /** an Australian postcode ("4405") */
  postcode?: string;
  /** the browser's position, "-27.18,151.26" (two decimals: about a kilometre, never more exact) */
  point?: string;
  within?: Within;
};

export type Point = { lat: number; long: number };

/** `?postcode=4405`, `?near=-27.18,151.26`, `?within=50`: what is well formed (anything else is ignored). */
export function parseNear(p: { postcode?: string; near?: string; within?: string }, country: Country): NearQuery | undefined {
  const postcode = country === "AU" && p.postcode && /^\d{4}$/.test(p.postcode.trim()) ? p.postcode.trim() : undefined;
  const point = !postcode && p.near ? pointParam(p.near) : undefined;
  if (!postcode && !point) return undefined;
  const w = Number(p.within);
  const within = (WITHIN as readonly number[]).includes(w) ? (w as Within) : undefined;
  return { ...(postcode ? { postcode } : { point: point! }), ...(within ? { within } : {}) };
}

/** A position as the address carries it: two decimals, in range; null otherwise. */
export function pointParam(raw: string): string | undefined {
  const m = /^(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/.exec(raw.trim());
  if (!m) return undefined;
  const [lat, long] = [Number(m[1]), Number(m[2])];
  if (Math.abs(lat) > 90 || Math.abs(long) > 180) return undefined;
  return `${lat.toFixed(2)},${long.toFixed(2)}`;
}

/** The point of a `near` value ("-27.18,151.26"). */
export function pointOf(near: string): Point | null {
  const [lat, long] = near.split(",").map(Number);
  return Number.isFinite(lat) && Number.isFinite(long) ? { lat: lat!, long: long! } : null;
}

/** Each location's distance from the point, km. */
export function distancesFrom(
  point: Point,
  locations: ReadonlyArray<{ id: number; address: { lat: number; long: number } }>,
): Map<number, number> {
  return new Map(locations.map((l) => [l.id, distanceKm(point, l.address)]));
}

/** "12 km away", "8 mi away", "Less than 1 km away": in the site's unit, whole numbers. */
export function distanceLabel(km: number, country: Country | string): string {
  const unit = countryFormat(country).distanceUnit;
  const n = unit === "mi" ? km / KM_PER_MILE : km;
  return n < 1 ? `Less than 1 ${unit} away` : `${Math.round(n).toLocaleString("en-AU")} ${unit} away`;
}

/** A "within" choice in km (the site's unit: miles on a US site). */
export const withinKm = (within: Within, country: Country | string): number =>
  countryFormat(country).distanceUnit === "mi" ? within * KM_PER_MILE : within;
