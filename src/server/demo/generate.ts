import { DEFAULT_BLOG_SETTINGS } from "@/domain/content/types";
import { formatHours } from "@/domain/site/hours";
import type { Address, ContactDetail } from "@/domain/site/types";
import type { NewReview, NewReviewSummary, NewSpecialHours, NewVehicle, SiteRows } from "@/server/repositories/demo-data";
import { CATALOGUE, COLOURS, type ModelSpec } from "./catalogue";
import holidays from "./data/holidays.json" with { type: "json" };
import { createRng, type Rng } from "./prng";
import { DEMO_SITES, demoFinance, HOURS, type DemoLocation, type DemoSite } from "./sites";
import { photoUrl, PLACEHOLDER_PHOTO } from "./photos";
import { demoReviews, profileIdOf, reviewProfiles } from "./reviews";
import { sceneForTemplate } from "./scenes";
import { countryFormat } from "@/domain/format/country";
import { slugify } from "@/domain/format/slug";
import { directionsUrl, placeUrl } from "@/domain/locations/geo";

/** One demo tenant's catalogue, as its tables' rows. */
export type DemoRows = SiteRows;

/** Model year of new stock in the demo catalogue (fixed so that the data is deterministic). */
export const DEMO_MODEL_YEAR = 2026;
const DAY = 86_400_000;
/** A demo car has from 6 to this many photos (each a different view: src/domain/artwork/views.ts). */
export const MOST_DEMO_PHOTOS = 14;

const HOLIDAYS: Array<{ day: string } & Omit<NewSpecialHours, "siteId" | "locationId" | "date">> = holidays;

/** A Google place id shaped like Google's ("ChIJ" and 23 more), the same for a location every time. */
export function demoPlaceId(locationId: number): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  let x = locationId >>> 0;
  let id = "ChIJ";
  for (let i = 0; i < 23; i++) {
    x = (Math.imul(x, 1664525) + 1013904223) >>> 0; // a 32-bit LCG: its high bits vary well
    id += alphabet[x >>> 26];
  }
  return id;
}

function address(l: DemoLocation, site: Pick<DemoSite, "mapKey">): Address {
  const full = `${l.street}, ${l.city} ${l.state} ${l.postcode}`;
  const where = { lat: l.lat, long: l.long, place_id: demoPlaceId(l.id) };
  return {
    street: l.street,
    city: l.city,
    state: l.state,
    postcode: l.postcode,
    ...where,
    full,
    place_url: placeUrl(where),
    ...(site.mapKey ? { map_key: site.mapKey } : {}),
    map_url: directionsUrl(where),
  };
}

/** Example special hours (data/holidays.json): Christmas Day closed, Boxing Day 10-2, New Year's Day closed. */
export function holidayHours(siteId: number, year: number): NewSpecialHours[] {
  return [year, year + 1].flatMap((y) => HOLIDAYS.map(({ day, ...h }) => ({ siteId, locationId: null, date: `${y}-${day}`, ...h })));
}

const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";
const vin = (rng: Rng) => Array.from({ length: 17 }, () => rng.pick([...VIN_CHARS])).join("");
const rego = (rng: Rng) => `${Array.from({ length: 3 }, () => rng.pick([..."ABCDEFGHJKLMNPRSTUVWXYZ"])).join("")}${rng.int(100, 999)}`;

function locationFor(batch: DemoSite["stock"][number], make: string, i: number): number {
  if (Array.isArray(batch.locations)) return batch.locations[i % batch.locations.length]!;
  return batch.locations[make] ?? Object.values(batch.locations)[0]!;
}

/** Commercial bodies: what a truck centre sells of a make that also builds passenger cars. */
const COMMERCIAL = /utility|van|bus|cab chassis|tipper|prime mover|tray|pantech/;

/** A dealer's stock matches its template: a truck centre's used Toyotas are HiLuxes and HiAces, never Corollas. */
function modelsFor(site: DemoSite, make: string): ModelSpec[] {
  const all = CATALOGUE[make]!;
  if (site.template !== "trucks" && site.template !== "truck") return all;
  const commercial = all.filter((m) => COMMERCIAL.test(m.body));
  return commercial.length ? commercial : all;
}

function makeVehicle(
  site: DemoSite,
  rng: Rng,
  n: number,
  carType: "new" | "demo" | "used",
  make: string,
  locationId: number,
  now: number,
): NewVehicle {
  const spec: ModelSpec = rng.pick(modelsFor(site, make));
  const badge = rng.pick(spec.badges);
  const colour = rng.pick(COLOURS);
  const age = carType === "used" ? rng.int(1, 9) : carType === "demo" ? rng.int(0, 1) : 0;
  const year = DEMO_MODEL_YEAR - age;
  const base = rng.int(spec.price[0], spec.price[1]);
  const factor = carType === "new" ? 1 : carType === "demo" ? 0.92 : Math.max(0.3, 0.88 ** age - rng.next() * 0.05);
  const price = Math.floor((base * factor) / 1000) * 1000 + 990;
  const isBike = site.template === "motorcycles";
  const odometer =
    carType === "new" ? rng.int(0, 30) : carType === "demo" ? rng.int(800, 9000) : rng.int(4000, 22000) * age * (isBike ? 0.3 : 1);
  const stockNumber = `${site.stockCode}${String(10000 + n)}`;
  const photosCount = rng.int(6, MOST_DEMO_PHOTOS);
  const thumbnails = Array.from({ length: photosCount }, (_, k) => photoUrl(spec.body, colour.name, k + 1, `${make} ${spec.model}`));
  const location = site.locations.find((l) => l.id === locationId)!;
  const name = `${year} ${make} ${spec.model} ${badge}`;
  // the catalogue says "None" where a towed caravan has no engine: stored as absent, never as "None"
  const known = (v: string) => (/^none$/i.test(v) ? null : v);
  const towed = (spec.drive ?? []).includes("Towed");
  // (the random draws stay in the order they always had: the demo data must not change)
  return {
    siteId: site.id,
    locationId,
    slug: slugify(`${name} ${stockNumber}`),
    stockNumber,
    vin: vin(rng),
    rego: carType === "new" ? null : rego(rng),
    make,
    model: spec.model,
    badge,
    series: `MY${String(year).slice(2)}`,
    year,
    colour: colour.name,
    bodyType: spec.body,
    fuel: known(rng.pick(spec.fuel ?? petrol)),
    transmission: known(rng.pick(spec.transmission ?? auto)),
    drive: rng.pick(spec.drive ?? ["FWD"]),
    seats: towed || !spec.seats ? (towed ? null : 5) : spec.seats,
    doors: towed || spec.doors === 0 ? null : (spec.doors ?? 4),
    berths: spec.berths ?? null,
    atmKg: spec.atmKg ?? null,
    tareKg: spec.tareKg ?? null,
    lengthMm: spec.lengthMm ?? null,
    odometer: towed ? 0 : Math.round(odometer),
    buildDate: `${year}-${String(rng.int(1, 12)).padStart(2, "0")}`,
    price,
    priceType: carType === "used" ? "Drive Away" : rng.pick(["Drive Away", "Excl. Govt. Charges"]),
    carType,
    status: "in_stock",
    soldAt: null,
    showOnDealerWebsite: true,
    photosCount,
    // about one in ten listings still carries the placeholder; the first thumbnail replaces it on display
    primaryImageUrl: rng.next() < 0.1 ? PLACEHOLDER_PHOTO : thumbnails[0]!,
    thumbnails,
    city: location.city,
    carsalesSellerIdentifier: carType === "used" ? `SSE-AD-${rng.int(1000000, 9999999)}` : null,
    description:
      `This ${carType === "used" ? "pre-loved" : carType} ${name} in ${colour.name.toLowerCase()} is available now at ${location.name}. ` +
      ((t) => (towed ? "" : `${spec.seats ?? 5} seats, ${t.toLowerCase()} transmission. `))(rng.pick(spec.transmission ?? auto)) +
      "Enquire today to arrange an inspection.",
    listedAt: new Date(now - rng.int(8, 120) * DAY),
  };
}
const auto = ["Automatic"];
const petrol = ["Petrol"];

/** The listed stock, then its visible specials (they stay listed): sold within 3 days, coming soon, no price, new arrivals. */
function listedStock(site: DemoSite, rng: Rng, now: number): NewVehicle[] {
  const vehicles: NewVehicle[] = [];
  for (const batch of site.stock) {
    for (let i = 0; i < batch.count; i++) {
      const make = batch.makes[i % batch.makes.length]!;
      vehicles.push(makeVehicle(site, rng, vehicles.length, batch.carType, make, locationFor(batch, make, i), now));
    }
  }
  const used = vehicles.filter((v) => v.carType === "used");
  const fresh = vehicles.filter((v) => v.carType === "new");
  used.slice(0, site.specials.justSoldUsed ?? 0).forEach((v, i) => {
    v.status = "sold";
    v.soldAt = new Date(now - (i + 1) * 0.75 * DAY);
  });
  fresh.slice(0, site.specials.comingSoonNew ?? 0).forEach((v) => (v.status = "coming_soon"));
  used.slice(-(site.specials.noPriceUsed ?? 0) || used.length).forEach((v) => (v.price = null));
  const step = Math.max(1, Math.floor(vehicles.length / Math.max(1, site.specials.newArrivals)));
  for (let k = 0; k < site.specials.newArrivals; k++)
    vehicles[(k * step + 1) % vehicles.length]!.listedAt = new Date(now - (k % 6) * DAY - 3_600_000);
  return vehicles;
}

/** Used cars never listed (sold long ago, not shown, too few photos), numbered on from `first`. */
function hiddenStock(site: DemoSite, rng: Rng, first: number, now: number): NewVehicle[] {
  const vehicles: NewVehicle[] = [];
  const usedBatch = site.stock.find((b) => b.carType === "used") ?? site.stock[0]!;
  const extra = (mutate: (v: NewVehicle, i: number) => void, count = 0) => {
    for (let i = 0; i < count; i++) {
      const make = usedBatch.makes[i % usedBatch.makes.length]!;
      const v = makeVehicle(site, rng, first + vehicles.length, "used", make, locationFor(usedBatch, make, i), now);
      mutate(v, i);
      vehicles.push(v);
    }
  };
  extra((v, i) => {
    v.status = "sold";
    v.soldAt = new Date(now - (10 + i * 9) * DAY);
  }, site.hidden.soldLongAgo);
  extra((v) => (v.showOnDealerWebsite = false), site.hidden.notShown);
  extra((v, i) => {
    v.photosCount = i % 3;
    v.thumbnails = (v.thumbnails ?? []).slice(0, i % 3);
    v.primaryImageUrl = v.thumbnails[0] ?? PLACEHOLDER_PHOTO;
  }, site.hidden.fewPhotos);
  return vehicles;
}

function siteRecord(site: DemoSite, now: number): DemoRows["site"] {
  return {
    id: site.id,
    slug: site.slug,
    name: site.name,
    dealershipId: site.dealerships[0]?.id ?? null,
    dealershipGroup: site.dealershipGroup,
    manufacturerId: site.manufacturerId,
    manufacturer: site.manufacturer,
    template: site.template,
    primaryVehicleOverride: site.primaryVehicleOverride,
    url: `https://www.${site.domainName}`,
    domainName: site.domainName,
    country: site.country,
    timezone: site.timezone,
    currency: countryFormat(site.country).currency,
    phone: site.phone,
    email: site.email,
    socialUrls: site.socialUrls,
    logo: {
      banner: `/photos/scene/${sceneForTemplate(site.template)}.svg`,
      ...(site.drawnLogo ? { url: `/photos/logo/${site.slug}.svg`, thumb: `/photos/logo/${site.slug}-mark.svg` } : {}),
    },
    colours: site.colours,
    features: site.features,
    integrations: site.integrations ?? {},
    searchPresets: site.searchPresets,
    defaultSort: site.defaultSort,
    includeSoldCarsDays: 3,
    financeProvider: "Manual",
    garageName: site.garageName ?? null,
    paymentProvider: site.paymentProvider ?? null,
    finance: demoFinance(site, now),
    openingHours: HOURS.sales,
    gmbProfiles: reviewProfiles(site),
    blogs: site.blogs ?? DEFAULT_BLOG_SETTINGS,
    searchPageTemplates: site.searchPageTemplates ?? {},
    leadDelivery: site.leadDelivery ?? {},
  };
}

function locationRow(site: DemoSite, l: DemoLocation, position: number): DemoRows["locations"][number] {
  const contactDetail: ContactDetail = {
    phone: l.phone,
    ...(l.landline ? { landline_phone: l.landline } : {}),
    email: l.email,
    social_urls: site.socialUrls,
  };
  return {
    id: l.id,
    siteId: site.id,
    dealershipId: l.dealershipId ?? null,
    dealershipSlug: site.dealerships.find((d) => d.id === l.dealershipId)?.slug ?? null,
    name: l.name,
    slug: l.slug,
    position,
    locationType: l.type,
    locationSubtype: l.subtype ?? [],
    isPrimary: l.primary ?? false,
    visible: true,
    manufacturers: l.manufacturers,
    gmbProfileId: profileIdOf(l),
    dealerLicenseNumber: l.licence ?? null,
    motorVehicleRepairer: l.repairer ?? null,
    averageRating: l.rating?.[0] ?? null,
    reviewCount: l.rating?.[1] ?? null,
    image: null,
    timezone: site.timezone,
    contactDetail,
    openingHours: HOURS[l.type].map((e) => ({ ...e, formated_hours: formatHours(e.status, e.open, e.close) })),
    address: address(l, site),
  };
}

export function generateSite(site: DemoSite, now: number): DemoRows {
  const rng = createRng(site.id * 7919);
  const listed = listedStock(site, rng, now);
  const vehicles = [...listed, ...hiddenStock(site, rng, listed.length, now)];

  // A site that offers subscriptions (parkside) has a weekly subscription price on its new and demo
  // cars: about $1 a week for every $150 of the car, in steps of $5, ending in 9 (no random draw: the
  // rest of the demo data stays as it was).
  if (site.features.offers_subscription) {
    for (const v of vehicles) {
      if (v.carType !== "used" && v.price) v.subscriptionWeekly = Math.round(v.price / 150 / 5) * 5 + 9;
    }
  }

  const reviewSummaries: NewReviewSummary[] = site.reviews
    ? [
        {
          siteId: site.id,
          locationId: null,
          count: site.reviews.count,
          averageRating: site.reviews.average,
          distribution: site.reviews.distribution,
        },
      ]
    : [];
  const reviews: NewReview[] = demoReviews(site, now).map((r) => ({ siteId: site.id, ...r }));

  return {
    site: siteRecord(site, now),
    dealerships: site.dealerships.map((d) => ({
      id: d.id,
      siteId: site.id,
      slug: d.slug,
      name: d.name,
      make: d.make,
      url: null,
      logo: null,
    })),
    locations: site.locations.map((l, position) => locationRow(site, l, position)),
    specialHours: holidayHours(site.id, new Date(now).getUTCFullYear()),
    vehicles,
    reviews,
    reviewSummaries,
  };
}

export function generateDemoData(now: number): DemoRows[] {
  return DEMO_SITES.map((s) => generateSite(s, now));
}
