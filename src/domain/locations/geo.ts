import type { Address, Country } from "../site/types";

/** Earth radius for distances between locations is 6371 km. */
export const EARTH_RADIUS_KM = 6371;
export const DEFAULT_MAP_ZOOM = 10;

/** Haversine distance in km between two points (degrees). */
export function distanceKm(a: { lat: number; long: number }, b: { lat: number; long: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.long - a.long);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Address as written in the country: AU "street, City STATE 3134", NZ "street, City 8042", US "street, City, ST 86403". */
export function formatAddress(a: Pick<Address, "street" | "city" | "state" | "postcode">, country: Country): string {
  if (country === "NZ") return `${a.street}, ${a.city} ${a.postcode}`;
  if (country === "US") return `${a.street}, ${a.city}, ${a.state} ${a.postcode}`;
  return `${a.street}, ${a.city} ${a.state} ${a.postcode}`;
}

/** A Google place id as Google writes them (letters, digits, - and _); anything else is none. */
const placeId = (a: Pick<Address, "place_id">) => (a.place_id && /^[\w-]{10,200}$/.test(a.place_id) ? a.place_id : null);

/**
 * Get Directions: a maps link that opens directly: the location's own map_url, else its coordinates,
 * with its Google place (address.place_id) so the maps app shows the business, not a pin.
 */
export function directionsUrl(a: Pick<Address, "lat" | "long" | "map_url" | "place_id">): string {
  if (a.map_url) return a.map_url;
  const id = placeId(a);
  return `https://www.google.com/maps/dir/?api=1&destination=${a.lat},${a.long}${id ? `&destination_place_id=${encodeURIComponent(id)}` : ""}`;
}

/** The location on the map (address.place_url, else its place id or coordinates). */
export function placeUrl(a: Pick<Address, "lat" | "long" | "place_url" | "place_id">): string {
  if (a.place_url) return a.place_url;
  const id = placeId(a);
  return `https://www.google.com/maps/search/?api=1&query=${a.lat},${a.long}${id ? `&query_place_id=${encodeURIComponent(id)}` : ""}`;
}

/** The address looked up on the map by its words: where an operator finds the exact point, and a shopper a location placed only at its postcode's centre. */
export function addressSearchUrl(a: Pick<Address, "street" | "city" | "state" | "postcode">, country: Country): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(formatAddress(a, country))}`;
}

/** Directions to the address by its words (for a location placed only at its postcode's centre). */
export function addressDirectionsUrl(a: Pick<Address, "street" | "city" | "state" | "postcode">, country: Country): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(formatAddress(a, country))}`;
}

/** Phone shown in the country's international form for the tel: link. */
export function internationalPhone(phone: string, country: Country): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return digits;
  const code = country === "NZ" ? "+64" : country === "US" ? "+1" : "+61";
  return country === "US" ? `${code}${digits}` : `${code}${digits.replace(/^0/, "")}`;
}

/** The towns a site's locations are in, each once, in location order. */
export function siteCities(locations: ReadonlyArray<{ address: Pick<Address, "city"> }>): string[] {
  return [...new Set(locations.map((l) => l.address.city))];
}
