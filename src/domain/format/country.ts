import { own } from "../own";
import type { Country } from "../site/types";

export type CountryFormat = {
  country: Country;
  locale: string;
  distanceUnit: "km" | "mi";
  distanceLabel: "kms" | "miles";
  /** AUD by default; the market's own elsewhere */
  currency: "AUD" | "NZD" | "USD";
  /** US spelling differs: colour/color, centre/centre, tyre/tire … */
  words: { colour: string; centre: string; tyre: string; licence: string; kilometres: string };
};

const FORMATS: Record<Country, CountryFormat> = {
  AU: {
    country: "AU",
    locale: "en-AU",
    distanceUnit: "km",
    distanceLabel: "kms",
    currency: "AUD",
    words: { colour: "colour", centre: "centre", tyre: "tyre", licence: "licence", kilometres: "kilometres" },
  },
  NZ: {
    country: "NZ",
    locale: "en-NZ",
    distanceUnit: "km",
    distanceLabel: "kms",
    currency: "NZD",
    words: { colour: "colour", centre: "centre", tyre: "tyre", licence: "licence", kilometres: "kilometres" },
  },
  US: {
    country: "US",
    locale: "en-US",
    distanceUnit: "mi",
    distanceLabel: "miles",
    currency: "USD",
    words: { colour: "color", centre: "center", tyre: "tire", licence: "license", kilometres: "miles" },
  },
};

/** Country formats AU (default), NZ and US differ in miles or kilometres and spelling. */
export function countryFormat(country: string | null | undefined): CountryFormat {
  return own(FORMATS, (country ?? "AU").toUpperCase()) ?? FORMATS.AU;
}

/**
 * The words beside a price in a market (docs/decisions/0009): Australia's "Drive Away" and "Excl.
 * Govt. Charges" (with its drive-away estimate beside it, docs/features/finance.md); New Zealand writes
 * "+ on-road costs" after a price without them; a US price has no drive-away idea and says what it
 * leaves out: "plus tax, title and license". Unknown words are kept.
 */
export function priceTypeLabel(priceType: string | null | undefined, country: string | null | undefined): string | null {
  const t = priceType?.trim();
  if (!t) return null;
  const excl = /^excl\.? govt\.? charges$/i.test(t);
  const driveAway = /^drive ?away$/i.test(t);
  switch (countryFormat(country).country) {
    case "NZ":
      return excl ? "+ on-road costs" : t;
    case "US":
      return excl ? "plus tax, title and license" : driveAway ? null : t;
    default:
      return t;
  }
}

/** The one conversion between the stored kilometres and a US site's miles. */
export const KM_PER_MILE = 1.609344;

/** "3.2 km away" / "12 km away", or "8 miles away" on a US site. */
export function formatDistanceAway(km: number, country: string | null | undefined): string {
  return countryFormat(country).distanceUnit === "mi"
    ? `${Math.round(km / KM_PER_MILE)} miles away`
    : `${km < 10 ? km.toFixed(1) : Math.round(km)} km away`;
}

/** Odometers are stored in kilometres and shown in the country's unit. */
export function formatOdometer(km: number, country: string | null | undefined): string {
  const f = countryFormat(country);
  const value = f.distanceUnit === "mi" ? Math.round(km / KM_PER_MILE) : Math.round(km);
  return `${value.toLocaleString("en-AU")} ${f.distanceUnit}`;
}

const LB_PER_KG = 2.2046226218;
const fmt = (n: number) => Math.round(n).toLocaleString("en-AU");

/** Weights of campers and caravans: kg in Australia and New Zealand, lbs in the US. */
export function formatMass(kg: number, country: string | null | undefined): string {
  return countryFormat(country).distanceUnit === "mi" ? `${fmt(kg * LB_PER_KG)} lbs` : `${fmt(kg)} kg`;
}

/** Lengths: metres (two decimals) in Australia and New Zealand, feet and inches in the US. */
export function formatLength(mm: number, country: string | null | undefined): string {
  if (countryFormat(country).distanceUnit !== "mi") return `${(mm / 1000).toFixed(2)} m`;
  const inches = Math.round(mm / 25.4);
  return `${Math.floor(inches / 12)} ft ${inches % 12} in`;
}

/**
 * The market's names for a vehicle's weights: a trailer's ATM and Tare (AU, NZ), GVWR and Dry weight
 * (US); a truck's most loaded weight is its GVM (AU, NZ) or GVWR (US).
 */
export function massLabels(country: string | null | undefined, truck = false): { gross: string; empty: string } {
  if (countryFormat(country).distanceUnit === "mi") return { gross: "GVWR", empty: "Dry weight" };
  return { gross: truck ? "GVM" : "ATM", empty: "Tare" };
}
