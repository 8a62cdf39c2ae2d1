import { auStateOf, type AuState } from "../pricing/drive-away";
import type { Country } from "./types";

/*
 * Where a dealer is: the state its forms start on and the time zone its hours, timers, reports and
 * emails are counted in. A location's zone comes from its state (or, failing that, its postcode);
 * a site's from its locations unless an operator set one. Pure.
 */

/** Each Australian state's and territory's zone; New Zealand keeps one. */
export const STATE_ZONES: Record<AuState, string> = {
  QLD: "Australia/Brisbane",
  NSW: "Australia/Sydney",
  ACT: "Australia/Sydney",
  VIC: "Australia/Melbourne",
  TAS: "Australia/Hobart",
  SA: "Australia/Adelaide",
  NT: "Australia/Darwin",
  WA: "Australia/Perth",
};
const NZ_ZONE = "Pacific/Auckland";

/** Australian postcode ranges by state (Australia Post's allocation). */
export const AU_POSTCODES: Record<AuState, Array<[number, number]>> = {
  NSW: [
    [1000, 2599],
    [2619, 2899],
    [2921, 2999],
  ],
  ACT: [
    [200, 299],
    [2600, 2618],
    [2900, 2920],
  ],
  VIC: [
    [3000, 3999],
    [8000, 8999],
  ],
  QLD: [
    [4000, 4999],
    [9000, 9999],
  ],
  SA: [[5000, 5999]],
  WA: [[6000, 6999]],
  TAS: [[7000, 7999]],
  NT: [[800, 999]],
};

/** The state an Australian postcode belongs to, or null. */
export function stateOfPostcode(postcode: string | null | undefined): AuState | null {
  const p = postcode?.trim() ?? "";
  if (!/^\d{3,4}$/.test(p)) return null;
  const n = Number(p);
  const hit = (Object.keys(AU_POSTCODES) as AuState[]).find((s) => AU_POSTCODES[s].some(([lo, hi]) => n >= lo && n <= hi));
  return hit ?? null;
}

/** A place's zone: its state's (else its postcode's) in Australia, New Zealand's there; null where neither tells (the US). */
export function zoneOfPlace(country: Country, a: { state?: string | null; postcode?: string | null }): string | null {
  if (country === "NZ") return NZ_ZONE;
  if (country !== "AU") return null;
  const state = auStateOf(a.state) ?? stateOfPostcode(a.postcode);
  return state ? STATE_ZONES[state] : null;
}

type Placed = { isPrimary?: boolean; visible?: boolean; address: { state: string; postcode?: string } };

/** The locations in the order that says where the dealer is: the primary first, then the shown ones, in their order. */
const byStanding = <L extends Placed>(locations: readonly L[]): L[] =>
  [...locations].sort(
    (a, b) => Number(b.isPrimary ?? false) - Number(a.isPrimary ?? false) || Number(b.visible ?? true) - Number(a.visible ?? true),
  );

/** The dealer's own Australian state: its primary location's, else the first location's that names one; null outside Australia. */
export function dealerState(country: Country | string, locations: readonly Placed[]): AuState | null {
  if (country !== "AU") return null;
  for (const l of byStanding(locations)) {
    const s = auStateOf(l.address.state) ?? stateOfPostcode(l.address.postcode);
    if (s) return s;
  }
  return null;
}

/** The zone a site takes from its locations (its primary's, else the first that tells), or null when none tells. */
export function zoneOfLocations(country: Country, locations: readonly Placed[]): string | null {
  for (const l of byStanding(locations)) {
    const z = zoneOfPlace(country, l.address);
    if (z) return z;
  }
  return null;
}

/**
 * Why a site's zone is wrong for where its locations are, or null: the zone is none of its
 * locations' states' zones (a Perth dealer counted in Melbourne time). A site whose locations tell no
 * zone (none yet, or the US) is not flagged.
 */
export function zoneProblem(site: { country: Country; timezone: string }, locations: readonly Placed[]): string | null {
  const zones = [...new Set(locations.map((l) => zoneOfPlace(site.country, l.address)).filter((z): z is string => z !== null))];
  if (zones.length === 0 || zones.includes(site.timezone)) return null;
  const expected = zoneOfLocations(site.country, locations)!;
  const where = dealerState(site.country, locations) ?? (site.country === "NZ" ? "New Zealand" : expected);
  return `The site counts its hours, reports and emails in ${site.timezone}, but its locations are in ${where}: set the time zone to ${expected}`;
}
