import type { Country } from "../site/types";

export type CountryFormat = {
  country: Country;
  locale: string;
  distanceUnit: "km" | "mi";
  distanceLabel: "kms" | "miles";
  /** US spelling differs: colour/color, centre/centre, tyre/tire … */
  words: { colour: string; centre: string; tyre: string; licence: string; kilometres: string };
};

const FORMATS: Record<Country, CountryFormat> = {
  AU: {
    country: "AU",
    locale: "en-AU",
    distanceUnit: "km",
    distanceLabel: "kms",
    words: { colour: "colour", centre: "centre", tyre: "tyre", licence: "licence", kilometres: "kilometres" },
  },
  NZ: {
    country: "NZ",
    locale: "en-NZ",
    distanceUnit: "km",
    distanceLabel: "kms",
    words: { colour: "colour", centre: "centre", tyre: "tyre", licence: "licence", kilometres: "kilometres" },
  },
  US: {
    country: "US",
    locale: "en-US",
    distanceUnit: "mi",
    distanceLabel: "miles",
    words: { colour: "color", centre: "center", tyre: "tire", licence: "license", kilometres: "miles" },
  },
};

/** SPEC §1: country formats AU (default), NZ and US differ in miles or kilometres and spelling. */
export function countryFormat(country: string | null | undefined): CountryFormat {
  return FORMATS[(country ?? "AU").toUpperCase() as Country] ?? FORMATS.AU;
}

const KM_PER_MILE = 1.609344;

/** Odometers are stored in kilometres and shown in the country's unit. */
export function formatOdometer(km: number, country: string | null | undefined): string {
  const f = countryFormat(country);
  const value = f.distanceUnit === "mi" ? Math.round(km / KM_PER_MILE) : Math.round(km);
  return `${value.toLocaleString("en-AU")} ${f.distanceUnit}`;
}
