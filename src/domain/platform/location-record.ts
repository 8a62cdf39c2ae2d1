import { z } from "zod";
import { textLine } from "../text-schema";
import { EMAIL, optionalText, phone, picture, text } from "./record-fields";
import { slugify } from "../format/slug";
import { addressDirectionsUrl, addressSearchUrl, directionsUrl, placeUrl } from "../locations/geo";
import { MAP_POINT_HINT, parseMapPoint, type MapPoint } from "../locations/map-point";
import { formatHours } from "../site/hours";
import { AU_POSTCODES, stateOfPostcode, zoneOfPlace } from "../site/region";
import type { AuState } from "../pricing/drive-away";
import type { Address, ContactDetail, Country, LocationType, OpeningHourEntry } from "../site/types";
import { OpeningWeekSchema } from "./contract";

/*
 * A location as the platform API and the console write it (the Location fields).
 * Offline there is no geocoder: a location is placed by the coordinates typed, else the point pasted
 * back from the map, else (in Australia) its postcode's centre; the point is checked against the
 * state or region, and an Australian postcode against its state. Pure.
 */

/** Rough boxes ([south, north, west, east]) around each Australian state and territory, and New Zealand. */
const AREAS: Record<string, [number, number, number, number]> = {
  NSW: [-37.6, -28.1, 140.9, 153.7],
  ACT: [-35.95, -35.1, 148.7, 149.45],
  VIC: [-39.2, -33.9, 140.9, 150.0],
  QLD: [-29.2, -9.1, 137.9, 153.6],
  SA: [-38.1, -25.9, 128.9, 141.1],
  WA: [-35.2, -13.6, 112.9, 129.1],
  TAS: [-43.7, -39.5, 143.8, 148.5],
  NT: [-26.1, -10.9, 128.9, 138.1],
  NZ: [-47.4, -34.3, 166.3, 178.7],
};
export const AU_STATES = ["NSW", "ACT", "VIC", "QLD", "SA", "WA", "TAS", "NT"] as const;

/** Why an address does not add up (coordinates outside its state, a postcode of another state), or null. */
export function addressProblem(
  country: Country,
  a: { state: string; postcode: string; lat: number; long: number },
): { field: string; message: string } | null {
  if (country === "AU") {
    const state = a.state.toUpperCase();
    if (!(AU_STATES as readonly string[]).includes(state))
      return { field: "address.state", message: `Enter the state as one of ${AU_STATES.join(", ")}` };
    if (!/^\d{4}$/.test(a.postcode)) return { field: "address.postcode", message: "An Australian postcode is 4 digits" };
    const n = Number(a.postcode);
    if (!AU_POSTCODES[state as AuState].some(([lo, hi]) => n >= lo && n <= hi))
      return { field: "address.postcode", message: `${a.postcode} is not a ${state} postcode` };
    const [s, n2, w, e] = AREAS[state]!;
    if (a.lat < s || a.lat > n2 || a.long < w || a.long > e)
      return {
        field: "address.lat",
        message: `These coordinates are not in ${state}: check the latitude and longitude (latitude is negative in Australia)`,
      };
  }
  if (country === "NZ") {
    if (!/^\d{4}$/.test(a.postcode)) return { field: "address.postcode", message: "A New Zealand postcode is 4 digits" };
    const [s, n, w, e] = AREAS.NZ!;
    if (a.lat < s || a.lat > n || a.long < w || a.long > e)
      return { field: "address.lat", message: "These coordinates are not in New Zealand: check the latitude and longitude" };
  }
  return null;
}

type AddressInput = {
  street: string;
  city: string;
  /** none (or empty): an Australian postcode's state */
  state?: string;
  postcode: string;
  lat?: number;
  long?: number;
  map_point?: string;
  place_id?: string;
};
/** An address with its point decided; `atPostcode` when that point is only the postcode's centre. */
export type PlacedAddress = Omit<AddressInput, "lat" | "long" | "map_point" | "state"> & {
  state: string;
  lat: number;
  long: number;
  atPostcode: boolean;
};
/** A postcode's centre from the data the near-me search ships, or null for a postcode it does not know. */
export type PostcodeCentre = (postcode: string) => MapPoint | null;

/**
 * A change of an address keeps the point it has unless the address moved: an address changed with no
 * coordinates and the same postcode (a street's typo put right) keeps its point, placed by hand or
 * not; the coordinates a form sends back unchanged, when they were the old postcode's centre and the
 * postcode is now another, are dropped so the location is placed at the new postcode's centre.
 */
function keptPoint(
  a: AddressInput,
  centreOf: PostcodeCentre,
  current?: { postcode: string; lat: number; long: number } | null,
): AddressInput {
  if (!current || a.map_point) return a;
  if (a.lat === undefined && a.long === undefined)
    return a.postcode === current.postcode ? { ...a, lat: current.lat, long: current.long } : a;
  const oldCentre = centreOf(current.postcode);
  const sentBack = a.lat === current.lat && a.long === current.long;
  const wasCentre = oldCentre !== null && oldCentre.lat === current.lat && oldCentre.long === current.long;
  if (sentBack && wasCentre && a.postcode !== current.postcode) return { ...a, lat: undefined, long: undefined };
  return a;
}

/**
 * Where a location is: the coordinates typed (they win), else the point pasted from the map, else
 * (Australia) the postcode's centre; then checked against the state. New Zealand and the US ship no
 * postcode table, so there the point is asked for. The problem names the field the operator fixes.
 */
export function placeAddress(
  country: Country,
  given: AddressInput,
  centreOf: PostcodeCentre,
  current?: { postcode: string; lat: number; long: number } | null,
): { address: PlacedAddress } | { problem: { field: string; message: string } } {
  const state = given.state?.trim() || (country === "AU" ? (stateOfPostcode(given.postcode) ?? "") : "");
  if (!state)
    return {
      problem: {
        field: "address.state",
        message: country === "AU" ? "Enter the state, or a postcode that tells it" : "Enter the state or region",
      },
    };
  const a = keptPoint({ ...given, state }, centreOf, current);
  const { map_point, lat, long, ...rest } = { ...a, state };
  if ((lat === undefined) !== (long === undefined))
    return {
      problem: {
        field: lat === undefined ? "address.lat" : "address.long",
        message: "Enter both the latitude and the longitude, or neither to place the location at its postcode",
      },
    };
  const pasted = map_point ? parseMapPoint(map_point) : null;
  let point: MapPoint | null = lat !== undefined && long !== undefined ? { lat, long } : pasted;
  const from = lat !== undefined ? "address.lat" : pasted ? "address.map_point" : "address.postcode";
  if (!point) {
    // the postcode must be this state's before its centre means anything
    const wrong = addressProblem(country, { ...rest, lat: Number.NaN, long: Number.NaN });
    if (wrong && wrong.field !== "address.lat") return { problem: wrong };
    if (country !== "AU")
      return {
        problem: {
          field: "address.lat",
          message: `Enter the latitude and longitude, or paste the point from the map: there is no postcode data to place a location in ${country === "NZ" ? "New Zealand" : "the United States"}`,
        },
      };
    point = centreOf(rest.postcode);
    if (!point)
      return {
        problem: {
          field: "address.postcode",
          message: `We have no position for postcode ${rest.postcode}: check it, or paste the point from the map`,
        },
      };
  }
  const problem = addressProblem(country, { ...rest, ...point });
  if (problem) return { problem: problem.field === "address.lat" ? { ...problem, field: from } : problem };
  const centre = centreOf(rest.postcode);
  const atPostcode = country === "AU" && centre !== null && centre.lat === point.lat && centre.long === point.long;
  return { address: { ...rest, ...point, atPostcode } };
}

const optional = optionalText;

const fields = {
  name: text(200, "the location's name"),
  slug: textLine()
    .trim()
    .regex(/^[a-z0-9](?:[a-z0-9]|-(?=[a-z0-9])){0,99}$/, "The slug is lower-case letters, digits and single hyphens")
    .optional(),
  dealership_id: z.number().int().positive("The dealership id is a positive whole number").nullable().optional(),
  location_type: z.enum(["sales", "service", "parts", ""], "The type is sales, service or parts").optional(),
  location_subtype: z
    .array(z.enum(["buying"], "The only subtype is buying"))
    .max(1)
    .optional(),
  position: z.number().int().min(0).max(1000).optional(),
  primary: z.boolean().optional(),
  visible: z.boolean().optional(),
  manufacturers: z.array(text(100, "a manufacturer")).max(50).optional(),
  gmb_profile_id: optional(200, "The reviews profile id"),
  dealer_license_number: optional(100, "The dealer licence number"),
  motor_vehicle_repairer: optional(100, "The motor vehicle repairer number"),
  image: picture("The image must be /images/… or an https:// address").nullable().optional(),
  contact_detail: z.strictObject(
    {
      phone: phone("a phone number"),
      landline_phone: phone("a landline number").optional(),
      email: textLine().trim().max(254).regex(EMAIL, "Enter an email address such as sales@smithmotors.com.au").optional(),
    },
    "Enter the contact details (phone, landline_phone, email)",
  ),
  opening_hours: OpeningWeekSchema.optional(),
  address: z.strictObject(
    {
      street: text(200, "the street address"),
      city: text(100, "the suburb or city"),
      // left out or empty: the postcode's state (Australia)
      state: textLine().trim().max(50, "The state is at most 50 characters").optional(),
      postcode: text(20, "the postcode"),
      // none: the point pasted from the map, else the postcode's centre (see placeAddress)
      lat: z.number("Latitude is a number such as -37.81").min(-90).max(90).optional(),
      long: z.number("Longitude is a number such as 144.96").min(-180).max(180).optional(),
      map_point: textLine()
        .trim()
        .max(2000, MAP_POINT_HINT)
        .refine((v) => v === "" || parseMapPoint(v) !== null, MAP_POINT_HINT)
        .optional(),
      place_id: text(200, "the place id").optional(),
    },
    "Enter the address (street, city, state, postcode; lat and long, or map_point, or neither to place it at the postcode)",
  ),
};

/** POST /api/v1/websites/{id}/locations and the console's location form. */
export const LocationRecordSchema = z.strictObject(fields);
export type LocationRecordInput = z.infer<typeof LocationRecordSchema>;
/** PUT …/locations/{locationId}.json: the fields to change. */
export const LocationPatchSchema = z.strictObject(fields).partial();
export type LocationPatch = z.infer<typeof LocationPatchSchema>;
/** A record whose address has been placed (placeAddress). */
export type PlacedRecord = Omit<LocationRecordInput, "address"> & { address: PlacedAddress };
export type PlacedPatch = Omit<LocationPatch, "address"> & { address?: PlacedAddress };

export type LocationFields = {
  name: string;
  slug: string;
  dealershipId: number | null;
  locationType: LocationType;
  locationSubtype: string[];
  position: number;
  isPrimary: boolean;
  visible: boolean;
  manufacturers: string[];
  gmbProfileId: string | null;
  dealerLicenseNumber: string | null;
  motorVehicleRepairer: string | null;
  image: string | null;
  contactDetail: ContactDetail;
  openingHours: OpeningHourEntry[];
  address: Address;
  /** the zone of its state (zoneOfPlace); absent where the address tells none, and the site's is taken */
  timezone?: string;
};

function address(a: PlacedAddress, country: Country): Address {
  const state = country === "AU" ? a.state.toUpperCase() : a.state;
  const where = { ...a, state };
  return {
    street: a.street,
    city: a.city,
    state,
    postcode: a.postcode,
    lat: a.lat,
    long: a.long,
    ...(a.place_id ? { place_id: a.place_id } : {}),
    full: `${a.street}, ${a.city} ${state} ${a.postcode}`,
    // a point at the postcode's centre is not the door: the maps links look the street address up instead
    place_url: a.atPostcode && !a.place_id ? addressSearchUrl(where, country) : placeUrl(a),
    map_url: a.atPostcode && !a.place_id ? addressDirectionsUrl(where, country) : directionsUrl(a),
  };
}

const zoneOf = (country: Country, a: PlacedAddress): { timezone?: string } => {
  const timezone = zoneOfPlace(country, a);
  return timezone ? { timezone } : {};
};

/** A new location's week until the dealer sets its own: Monday to Friday 8:30–5:30, Saturday 9–1, Sunday closed. */
export const DEFAULT_WEEK: readonly OpeningHourEntry[] = ([0, 1, 2, 3, 4, 5, 6] as const).map((weekday) =>
  weekday === 0
    ? { weekday, status: "Closed" as const, open: null, close: null }
    : { weekday, status: "Open" as const, open: weekday === 6 ? "09:00" : "08:30", close: weekday === 6 ? "13:00" : "17:30" },
);

const hours = (week: OpeningHourEntry[] | undefined) =>
  (week ?? []).map((h) => ({ ...h, formated_hours: formatHours(h.status, h.open, h.close) })).sort((a, b) => a.weekday - b.weekday);

/** A new location's stored fields (type sales unless given; shown; after the others). */
export function newLocation(r: PlacedRecord, country: Country, position: number): LocationFields {
  return {
    name: r.name,
    slug: r.slug ?? slugify(r.name).slice(0, 100),
    dealershipId: r.dealership_id ?? null,
    locationType: (r.location_type || "sales") as LocationType,
    locationSubtype: r.location_subtype ?? [],
    position: r.position ?? position,
    isPrimary: r.primary ?? false,
    visible: r.visible ?? true,
    manufacturers: r.manufacturers ?? [],
    gmbProfileId: r.gmb_profile_id ?? null,
    dealerLicenseNumber: r.dealer_license_number ?? null,
    motorVehicleRepairer: r.motor_vehicle_repairer ?? null,
    image: r.image ?? null,
    contactDetail: { phone: r.contact_detail.phone, landline_phone: r.contact_detail.landline_phone, email: r.contact_detail.email },
    // a location made without hours opens the usual sales week (the console's form starts from it too)
    openingHours: hours((r.opening_hours as OpeningHourEntry[] | undefined) ?? [...DEFAULT_WEEK]),
    address: address(r.address, country),
    ...zoneOf(country, r.address),
  };
}

/** The stored fields a change sets (only those it names). */
export function locationChanges(p: PlacedPatch, country: Country): Partial<LocationFields> {
  const out: Partial<LocationFields> = {};
  const set = <K extends keyof LocationFields>(k: K, v: LocationFields[K] | undefined) => {
    if (v !== undefined) out[k] = v;
  };
  set("name", p.name);
  set("slug", p.slug);
  set("dealershipId", p.dealership_id);
  if (p.location_type !== undefined) set("locationType", (p.location_type || "sales") as LocationType);
  set("locationSubtype", p.location_subtype);
  set("position", p.position);
  set("isPrimary", p.primary);
  set("visible", p.visible);
  set("manufacturers", p.manufacturers);
  set("gmbProfileId", p.gmb_profile_id);
  set("dealerLicenseNumber", p.dealer_license_number);
  set("motorVehicleRepairer", p.motor_vehicle_repairer);
  set("image", p.image);
  if (p.contact_detail) set("contactDetail", { ...p.contact_detail });
  if (p.opening_hours) set("openingHours", hours(p.opening_hours as OpeningHourEntry[]));
  if (p.address) Object.assign(out, { address: address(p.address, country), ...zoneOf(country, p.address) });
  return out;
}
