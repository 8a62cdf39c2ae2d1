import type { CarType } from "./summary";
import { own } from "../own";

/** The app's vehicle (the platform's vehicle fields, plus the listing fields of docs/demo-data.md). */
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
  /** campers, motorhomes and caravans */
  berths: number | null;
  /** the most it may weigh loaded, kg: aggregate trailer mass (ATM) of a towed one, gross vehicle mass (GVM) of a truck; and tare */
  atmKg: number | null;
  tareKg: number | null;
  lengthMm: number | null;
  odometer: number; // km
  buildDate: string | null;
  price: number | null;
  priceType: string | null;
  /** offers_subscription: the car's weekly subscription price in whole dollars, where it has one */
  subscriptionWeekly: number | null;
  carType: CarType;
  status: "in_stock" | "coming_soon" | "sold";
  soldAt: Date | null;
  photosCount: number;
  primaryImageUrl: string | null;
  thumbnails: string[];
  /** the alt text of each of `thumbnails` ("" where none was written) */
  photoAlts: string[];
  locationId: number | null;
  city: string | null;
  carsalesSellerIdentifier: string | null;
  description: string | null;
  /** the car's features as the dealer lists them, shown on its page */
  features: string[];
  /** the dealer's pick: first where the site shows a selection of its stock */
  featured: boolean;
  /** on special: a "Special" tag on its card and page */
  special: boolean;
  listedAt: Date;
};

export const PLACEHOLDER_IMAGE = "/images/placeholder.jpg";
/** The placeholder's address before the image service (still in databases seeded then). */
const OLD_PLACEHOLDER = "/photos/placeholder.svg";
export const NEW_ARRIVAL = "New Arrival";
export const JUST_SOLD = "JUST SOLD";
export const SPECIAL = "Special";
export const NEW_ARRIVAL_DAYS = 7;

export function vehicleTitle(v: Pick<Vehicle, "year" | "make" | "model" | "badge">): string {
  return [v.year, makeBeforeModel(v.make, v.model), v.model, badgeAfterModel(v.model, v.badge)].filter(Boolean).join(" ");
}

/**
 * A model that already names its make says it once: "Mazda" + "Mazda3" is "Mazda3", not
 * "Mazda Mazda3"; "Mini" + "Mini Cooper" is "Mini Cooper". A model that only begins with the
 * same letters ("Ram" + "Rampage") keeps the make: the make must end at a digit, space or hyphen.
 */
function makeBeforeModel(make: string | null | undefined, model: string | null | undefined): string | null {
  const k = make?.trim();
  if (!k) return null;
  const m = model?.trim().toLowerCase() ?? "";
  return m.startsWith(k.toLowerCase()) && /^[\d\s-]/.test(m.slice(k.length)) ? null : k;
}

/**
 * A badge that starts with the model says it once: "EQA" + "EQA 250" is "EQA 250", not
 * "EQA EQA 250"; "GLC" + "GLC 300 4MATIC" is "GLC 300 4MATIC". A badge that only begins with the
 * same letters ("CX-5" + "CX-5X") is kept whole.
 */
function badgeAfterModel(model: string | null | undefined, badge: string | null | undefined): string | null {
  if (!badge) return null;
  const m = model?.trim();
  if (!m) return badge;
  const b = badge.trim();
  // the badge repeats the model or its last words: "HiAce Commuter" + "Commuter" is "HiAce Commuter"
  if (b.toLowerCase() === m.toLowerCase() || m.toLowerCase().endsWith(` ${b.toLowerCase()}`)) return null;
  return b.toLowerCase().startsWith(`${m.toLowerCase()} `) ? b.slice(m.length).trim() : b;
}

/** A gallery photo's alt text: the dealer's own, else the car and the photo's number. */
export const photoAlt = (title: string, alts: readonly string[] | undefined, i: number): string =>
  alts?.[i]?.trim() || `${title}, photo ${i + 1}`;

/** The placeholders a car's main photo may be (the one served now, and the one older databases still hold). */
export const PLACEHOLDERS: readonly string[] = [PLACEHOLDER_IMAGE, OLD_PLACEHOLDER];

/** The placeholder image is replaced by the first thumbnail if any exist. */
export function displayImage(v: Pick<Vehicle, "primaryImageUrl" | "thumbnails">): string {
  const primary = v.primaryImageUrl;
  if (!primary || PLACEHOLDERS.includes(primary)) return v.thumbnails[0] ?? PLACEHOLDER_IMAGE;
  return primary;
}

/** How many photos the website shows of the car: its gallery, else its one main photo, else none (the placeholder). */
export function shownPhotoCount(v: Pick<Vehicle, "primaryImageUrl" | "thumbnails">): number {
  return v.thumbnails.length || (ownPhoto(v) ? 1 : 0);
}

/** The car's own photo as the storefront shows it (displayImage), or null where the storefront shows the placeholder. */
export function ownPhoto(v: Pick<Vehicle, "primaryImageUrl" | "thumbnails">): string | null {
  const shown = displayImage(v);
  return PLACEHOLDERS.includes(shown) ? null : shown;
}

/** Card tags: 'JUST SOLD' (sold, still listed), else 'Special' (the dealer's) and 'New Arrival' (listed in the last 7 days). */
export function vehicleTags(v: Pick<Vehicle, "status" | "listedAt" | "special">, now: number): string[] {
  if (v.status === "sold") return [JUST_SOLD];
  return [...(v.special ? [SPECIAL] : []), ...(now - v.listedAt.getTime() < NEW_ARRIVAL_DAYS * 86_400_000 ? [NEW_ARRIVAL] : [])];
}

/** A tag's class on a card and the vehicle page (both renderers): sold red, special amber, the rest green. */
export const tagClass = (tag: string) => (tag === JUST_SOLD ? "tag tag-sold" : tag === SPECIAL ? "tag tag-special" : "tag");

/**
 * Plurals that the rules below would get wrong (beside the examples in docs/features/search-and-vehicles.md: bus → Buses, SUV → SUVs):
 * a pantech is a truck body (Pantechs, not "Panteches"); motorcycle styles read as kinds of bike.
 */
const IRREGULAR: Record<string, string> = {
  bus: "Buses",
  chassis: "Chassis",
  suv: "SUVs",
  ute: "Utes",
  pantech: "Pantechs",
  naked: "Naked Bikes",
  sport: "Sports Bikes",
  adventure: "Adventure Bikes",
  enduro: "Enduro Bikes",
  trail: "Trail Bikes",
};

/** Vehicle type labels are pluralised (bus → Buses, hatch → Hatches, SUV → SUVs, utility → Utilities). */
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
/** A call-to-action card sits at card position 30 in result lists. */
export const CTA_POSITION = 30;
export function withCallToAction<T>(items: T[], position = CTA_POSITION): Array<T | CtaSlot> {
  if (items.length < position - 1) return items;
  return [...items.slice(0, position - 1), { kind: "cta" }, ...items.slice(position - 1)];
}

/** What kind of vehicle it is, for the attributes that make sense (a caravan has no engine or odometer). */
export type VehicleKind = "car" | "motorcycle" | "towed" | "motorhome" | "truck";

export function vehicleKind(v: Pick<Vehicle, "bodyType" | "drive">): VehicleKind {
  const b = (v.bodyType ?? "").toLowerCase();
  if (/caravan|trailer|fifth wheel|camper trailer/.test(b) || (v.drive ?? "").toLowerCase() === "towed") return "towed";
  if (/naked|sport|adventure|enduro|trail|scooter|cruiser|touring|motorcycle/.test(b)) return "motorcycle";
  if (/motorhome|campervan|class [abc]/.test(b)) return "motorhome";
  if (/cab chassis|tipper|prime mover|tray|pantech|truck|bus/.test(b)) return "truck";
  return "car";
}

/** A stored value worth showing: not empty, not a placeholder such as "None" or "N/A", not 0. */
export function present<T extends string | number>(value: T | null | undefined): T | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? value : null;
  const t = value.trim();
  return t && !/^(none|n\/a|na|null|undefined|-|0)$/i.test(t) ? (t as T) : null;
}

/**
 * The facts a vehicle has, for cards, spec tables, descriptions and structured data: absent values
 * are left out, and attributes follow the vehicle's kind — a towed caravan has no odometer, engine,
 * fuel, transmission, doors or seats; a motorcycle no doors.
 */
export function vehicleFacts(v: Vehicle) {
  const kind = vehicleKind(v);
  const towed = kind === "towed";
  return {
    kind,
    odometerKm: towed ? null : v.odometer > 0 ? v.odometer : v.carType === "new" ? 0 : null,
    fuel: towed ? null : present(v.fuel),
    transmission: towed ? null : present(v.transmission),
    drive: towed ? null : present(v.drive),
    seats: towed ? null : present(v.seats),
    doors: towed || kind === "motorcycle" ? null : present(v.doors),
    colour: present(v.colour),
    badge: present(v.badge),
    series: present(v.series),
    berths: kind === "towed" || kind === "motorhome" ? present(v.berths) : null,
    atmKg: towed || kind === "truck" ? present(v.atmKg) : null,
    tareKg: towed ? present(v.tareKg) : null,
    lengthMm: kind === "towed" || kind === "motorhome" ? present(v.lengthMm) : null,
  };
}
