import type { Dealership, Location } from "../site/types";

/**
 * The /dealerships directory's filters: a location type (sales, service, parts, or the buying
 * subtype) and a dealership (the dealership filter object: its name, given in the URL as the
 * dealership's slug). Unknown values filter nothing.
 */
export const LOCATION_FILTERS = ["sales", "service", "parts", "buying"] as const;
export type LocationFilter = (typeof LOCATION_FILTERS)[number];

export function matchesType(l: Pick<Location, "locationType" | "locationSubtype">, f: LocationFilter | null): boolean {
  if (!f) return true;
  if (f === "buying") return l.locationSubtype.includes("buying");
  return l.locationType === f;
}

export type DirectoryFilter = { type: LocationFilter | null; dealership: Dealership | null };

/** The filters a query asks for, each one only if this site has it. */
export function directoryFilter(query: { type?: string; dealership?: string }, dealerships: Dealership[]): DirectoryFilter {
  const type = (LOCATION_FILTERS as readonly string[]).includes(query.type ?? "") ? (query.type as LocationFilter) : null;
  const dealership = dealerships.find((d) => d.slug === query.dealership) ?? null;
  return { type, dealership };
}

export function filterLocations(locations: Location[], f: DirectoryFilter): Location[] {
  return locations.filter((l) => matchesType(l, f.type) && (!f.dealership || l.dealershipId === f.dealership.id));
}

/** The dealerships worth a filter: those with at least one location, in the site's order; none when only one. */
export function dealershipChoices(dealerships: Dealership[], locations: Location[]): Dealership[] {
  const withLocations = dealerships.filter((d) => locations.some((l) => l.dealershipId === d.id));
  return withLocations.length > 1 ? withLocations : [];
}

/** The directory's address with these filters (type first, then dealership). */
export function directoryHref(path: string, f: { type: LocationFilter | null; dealership: string | null }): string {
  const q = new URLSearchParams();
  if (f.type) q.set("type", f.type);
  if (f.dealership) q.set("dealership", f.dealership);
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}
