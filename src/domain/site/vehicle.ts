import { own } from "../own";
import type { Template } from "./types";

/** Vehicle noun by template: Camper, Trucks, Truck, RV, otherwise the override or Car. */
const NOUN_BY_TEMPLATE: Record<string, string> = {
  campers: "Camper",
  trucks: "Trucks",
  truck: "Truck",
  rv: "RV",
};

export function vehicleNoun(template: Template, primaryVehicleOverride?: string | null): string {
  return own(NOUN_BY_TEMPLATE, template) ?? (primaryVehicleOverride?.trim() || "Car");
}

/**
 * A noun inside a sentence: lower case ("this car", "similar motorcycles"), except an acronym,
 * which keeps its capitals ("this RV", "similar RVs").
 */
export function nounInText(noun: string): string {
  return /^[A-Z]{2,}s?$/.test(noun) ? noun : noun.toLowerCase();
}

/**
 * The noun for one vehicle inside a sentence: a trucks site names its vehicles "Trucks", and
 * "Finance this trucks" reads wrong: "this truck", "this RV", "this camper".
 */
export function oneNounInText(noun: string): string {
  const one = /^[A-Z]{2,}s$/.test(noun) || (/[^s]s$/i.test(noun) && noun.length > 3) ? noun.slice(0, -1) : noun;
  return nounInText(one);
}

/** Detail base by template; motorcycles → /motorcycles, campers → /campers, all others → /cars. */
export function detailBasePath(template: Template): "/cars" | "/motorcycles" | "/campers" {
  if (template === "motorcycles") return "/motorcycles";
  if (template === "campers") return "/campers";
  return "/cars";
}

/**
 * The detail URL of a vehicle. The checkout ending path is excluded from the
 * template rule: it always lives under /cars.
 */
export function vehicleHref(template: Template, slug: string, ending?: "checkout"): string {
  const s = encodeURIComponent(slug);
  if (ending === "checkout") return `/cars/${s}/checkout`;
  return `${detailBasePath(template)}/${s}`;
}
