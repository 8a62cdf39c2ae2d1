import { countryFormat, formatLength, formatMass, formatOdometer, massLabels } from "../format/country";
import { bodyTypeLabel, vehicleFacts, type Vehicle } from "./vehicle";

/*
 * What a vehicle page says about a vehicle: the few facts a shopper decides on (first screen of a
 * phone) and the full specifications in groups. Pure: the page renders these rows as they come.
 */

type SpecRow = [label: string, value: string];
export type SpecGroup = { title: string; rows: SpecRow[] };

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const rows = (pairs: Array<[string, string | number | null | undefined]>): SpecRow[] =>
  pairs.filter((p): p is [string, string | number] => p[1] !== null && p[1] !== undefined && p[1] !== "").map(([l, v]) => [l, String(v)]);

/** The key facts under a vehicle's name: odometer, year, transmission and fuel, where the vehicle has them. */
export function keyFacts(v: Vehicle, country: string): string[] {
  const f = vehicleFacts(v);
  return rows([
    ["Odometer", f.odometerKm !== null ? formatOdometer(f.odometerKm, country) : null],
    ["Year", v.year],
    ["Transmission", f.transmission],
    ["Fuel", f.fuel],
  ]).map(([, value]) => value);
}

/** The condition as the site words it ("Used" or "Pre-owned", "New", "Demo"). */
export const conditionLabel = (v: Pick<Vehicle, "carType">, usedWord: string) =>
  v.carType === "used" ? capital(usedWord) : v.carType === "new" ? "New" : "Demo";

/** Every specification, grouped as a dealer lists them; empty rows and groups are left out. */
export function specGroups(v: Vehicle, opts: { country: string; usedWord: string }): SpecGroup[] {
  const f = vehicleFacts(v);
  const { country } = opts;
  const mass = massLabels(country, f.kind === "truck");
  const groups: SpecGroup[] = [
    {
      title: "Overview",
      rows: rows([
        ["Condition", conditionLabel(v, opts.usedWord)],
        ["Year", v.year],
        ["Make", v.make],
        ["Model", v.model],
        ["Badge", f.badge],
        ["Series", f.series],
        ["Body type", v.bodyType ? bodyTypeLabel(v.bodyType, false) : null],
        [capital(countryFormat(country).words.colour), f.colour],
      ]),
    },
    {
      title: "Engine and driving",
      rows: rows([
        ["Odometer", f.odometerKm !== null ? formatOdometer(f.odometerKm, country) : null],
        ["Fuel", f.fuel],
        ["Transmission", f.transmission],
        ["Drive", f.drive],
      ]),
    },
    {
      title: "Size and capacity",
      rows: rows([
        ["Seats", f.seats],
        ["Doors", f.doors],
        ["Berths", f.berths],
        [mass.gross, f.atmKg ? formatMass(f.atmKg, country) : null],
        [mass.empty, f.tareKg ? formatMass(f.tareKg, country) : null],
        ["Length", f.lengthMm ? formatLength(f.lengthMm, country) : null],
      ]),
    },
    {
      title: "Identification",
      rows: rows([
        ["Build date", v.buildDate],
        ["Stock number", v.stockNumber],
        ["VIN", v.vin],
        ["Rego", v.rego],
      ]),
    },
  ];
  return groups.filter((g) => g.rows.length > 0);
}
