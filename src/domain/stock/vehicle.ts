import type { CarType } from "./summary";
import { own } from "../own";

/** The app's vehicle (SPEC §3 Vehicle, plus the listing fields of DEMO_DATA.md). */
export type Vehicle = {
  id: number;
  slug: string;
  stockNumber: string;
  vin: string | null;
  rego: string | null;
  make: string;
  model: string;
  badge: string | null;
  series: string | null;
  year: number;
  colour: string | null;
  bodyType: string | null;
  fuel: string | null;
  transmission: string | null;
  drive: string | null;
  seats: number | null;
  doors: number | null;
  odometer: number; // km
  buildDate: string | null;
  price: number | null;
  priceType: string | null;
  carType: CarType;
  status: "in_stock" | "coming_soon" | "sold";
  soldAt: Date | null;
  photosCount: number;
  primaryImageUrl: string | null;
  thumbnails: string[];
  locationId: number | null;
  city: string | null;
  carsalesSellerIdentifier: string | null;
  description: string | null;
  listedAt: Date;
};

export const PLACEHOLDER_IMAGE = "/photos/placeholder.svg";
export const NEW_ARRIVAL = "New Arrival";
export const JUST_SOLD = "JUST SOLD";
export const NEW_ARRIVAL_DAYS = 7;

export function vehicleTitle(v: Pick<Vehicle, "year" | "make" | "model" | "badge">): string {
  return [v.year, v.make, v.model, v.badge].filter(Boolean).join(" ");
}

/** SPEC §3: the placeholder image is replaced by the first thumbnail if any exist. */
export function displayImage(v: Pick<Vehicle, "primaryImageUrl" | "thumbnails">): string {
  const primary = v.primaryImageUrl;
  if (!primary || primary === PLACEHOLDER_IMAGE) return v.thumbnails[0] ?? PLACEHOLDER_IMAGE;
  return primary;
}

/** SPEC §2 card tags: 'JUST SOLD' (sold, still listed) and 'New Arrival' (listed in the last 7 days). */
export function vehicleTags(v: Pick<Vehicle, "status" | "listedAt">, now: number): string[] {
  if (v.status === "sold") return [JUST_SOLD];
  return now - v.listedAt.getTime() < NEW_ARRIVAL_DAYS * 86_400_000 ? [NEW_ARRIVAL] : [];
}

const IRREGULAR: Record<string, string> = { bus: "Buses", chassis: "Chassis", suv: "SUVs", ute: "Utes" };

/** SPEC §2: vehicle type labels are pluralised (bus → Buses, hatch → Hatches, SUV → SUVs, utility → Utilities). */
export function bodyTypeLabel(body: string, plural = true): string {
  const words = body.trim().split(/\s+/);
  const title = words.map((w) => (w.toUpperCase() === w && w.length <= 3 ? w : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()));
  if (title[0]?.toLowerCase() === "suv") title[0] = "SUV";
  if (!plural) return title.join(" ");
  const last = title.at(-1)!;
  const lower = last.toLowerCase();
  let pl: string;
  const irregular = own(IRREGULAR, lower);
  if (irregular) pl = irregular;
  else if (/[^aeiou]y$/i.test(last)) pl = `${last.slice(0, -1)}ies`;
  else if (/(s|x|z|ch|sh)$/i.test(last)) pl = `${last}es`;
  else pl = `${last}s`;
  return [...title.slice(0, -1), pl].join(" ");
}

export type CtaSlot = { kind: "cta" };
/** SPEC §2: a call-to-action card sits at card position 30 in result lists. */
export const CTA_POSITION = 30;
export function withCallToAction<T>(items: T[], position = CTA_POSITION): Array<T | CtaSlot> {
  if (items.length < position - 1) return items;
  return [...items.slice(0, position - 1), { kind: "cta" }, ...items.slice(position - 1)];
}
