import "server-only";
import { availableLookups } from "@/server/lookups/providers";
import { toSessionLocation } from "@/domain/platform/contract";
import { LocationPatchSchema, LocationRecordSchema, locationChanges, newLocation, placeAddress } from "@/domain/platform/location-record";
import {
  newSite,
  publishChecklist,
  publishRefusal,
  siteChanges,
  SiteRecordPatchSchema,
  SiteRecordSchema,
  siteRecordJson,
} from "@/domain/platform/site-record";
import { leadDestinations } from "@/domain/site/lead-destinations";
import type { Country } from "@/domain/site/types";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { postcodeCentre } from "@/server/geo/near";
import { fieldErrors, HttpError } from "@/server/http/api";
import type { Actor } from "@/server/repositories/audit";
import { countNoDestination } from "@/server/repositories/deliveries";
import {
  createDealership,
  createLocation,
  createSite,
  isConflict,
  listAllLocations,
  updateDealership,
  updateLocation,
  updateSite,
} from "@/server/repositories/site-records";
import {
  DealershipPatchSchema,
  DealershipRecordSchema,
  dealershipChanges,
  dealershipJson,
  newDealership,
} from "@/domain/platform/dealership-record";
import { getLeadDeliveryConfig, getSiteById, listDealerships } from "@/server/repositories/sites";
import { getStockSummary } from "@/server/repositories/stock";
import { featureRules, featureSourcesOf } from "@/server/site/context";
import { siteDataChanged } from "./site-edits";

/*
 * Creating and changing sites and their locations from records, one way for every
 * caller: the platform API's POST/PUT and the operators' console. Bad input is a 422 naming each
 * field, a slug, domain or id another site holds a 409; after each write the caches drop the site
 * and storefronts are told.
 */

const refuse = (status: 409 | 422, errors: Record<string, string>) =>
  new HttpError(status, status === 409 ? "Already taken: see errors." : "Please correct the site record.", {}, errors);

/**
 * A site goes live only when it is ready: somewhere its leads go (else shoppers are told "sent" while no
 * one hears of them), hours at every location, and stock or a deliberate "No stock yet". Publishing
 * (or keeping a site published through a change of its email) is refused with the reason.
 */
/** What publishing checks, from what the site has (the checklist's other items are advice). */
const readiness = (s: Partial<Parameters<typeof publishChecklist>[0]>): Parameters<typeof publishChecklist>[0] => ({
  siteId: 0,
  locations: [],
  logo: {},
  phone: null,
  colours: { primary: "#000000" },
  stockCount: 0,
  noStockYet: false,
  leadDelivery: {},
  email: null,
  features: { analytics_events: true },
  ...s,
});

function refuseUnready(s: Parameters<typeof publishChecklist>[0], publishing: boolean) {
  const { problem } = leadDestinations({ email: s.email, leadDelivery: s.leadDelivery }, s.locations);
  const why = problem ?? (publishing ? publishRefusal(publishChecklist(s)) : null);
  if (why) throw new HttpError(422, `Not published: ${why}`, {}, { published: why });
}

/** The site record as the API answers it: its fields, effective flags with their sources, locations, stock and the publish checklist. */
export async function siteRecordAnswer(siteId: number) {
  const db = await getDb();
  const site = await getSiteById(db, siteId);
  if (!site) return null;
  const [dealerships, locations, stock, leadDelivery, features, stranded] = await Promise.all([
    listDealerships(db, siteId, true),
    listAllLocations(db, siteId),
    getStockSummary(db, site, serverNow()),
    getLeadDeliveryConfig(db, siteId),
    featureSourcesOf(db, site),
    countNoDestination(db, siteId),
  ]);
  const visible = locations.filter((l) => l.visible);
  const checklist = publishChecklist({
    siteId,
    locations: visible,
    zone: { country: site.country, timezone: site.timezone },
    logo: site.logo,
    phone: site.phone,
    features: { analytics_events: features.analytics_events.value === true },
    colours: site.colours,
    stockCount: stock.count,
    noStockYet: site.noStockYet,
    leadDelivery,
    email: site.email,
  });
  return {
    ...siteRecordJson(site, { features, dealerships, locations, stockCount: stock.count, checklist }),
    locations: locations.map(toSessionLocation),
    // why some leads would reach nobody (null: every lead reaches someone), and how many already did not
    lead_delivery: { problem: leadDestinations({ email: site.email, leadDelivery }, visible).problem, no_destination_leads: stranded },
  };
}

/** POST /api/v1/websites and the console's new site: 201's body, or an HttpError (422 fields, 409 taken). */
export async function createSiteFromRecord(body: unknown, by: Actor) {
  const parsed = SiteRecordSchema.safeParse(body);
  if (!parsed.success) throw refuse(422, fieldErrors(parsed.error, "site"));
  // a new site has no locations, stock nor delivery settings yet: its own email is where leads would go
  if (parsed.data.published)
    refuseUnready(readiness({ email: parsed.data.email ?? null, noStockYet: parsed.data.no_stock_yet ?? false }), true);
  const db = await getDb();
  // the new dealer's starting switches give way to the feature rules that match it
  const created = await createSite(db, newSite(parsed.data, await featureRules(db), availableLookups()), by);
  if (isConflict(created)) throw refuse(409, created.conflict);
  await siteDataChanged(created.id, ["navigation", "locations"]);
  return (await siteRecordAnswer(created.id))!;
}

/** PUT /api/v1/websites/{id}.json and the console's site form: the fields given change, the rest stay. */
export async function changeSiteRecord(siteId: number, body: unknown, by: Actor) {
  const parsed = SiteRecordPatchSchema.safeParse(body);
  if (!parsed.success) throw refuse(422, fieldErrors(parsed.error, "site"));
  if (parsed.data.id !== undefined && parsed.data.id !== siteId) throw refuse(422, { id: "A site's id cannot change" });
  const db = await getDb();
  const current = await getSiteById(db, siteId);
  if (!current) throw new HttpError(404, "Unknown site.");
  const p = parsed.data;
  if (p.published === true || (current.published && p.published === undefined && p.email !== undefined)) {
    const [locations, leadDelivery, stock] = await Promise.all([
      listAllLocations(db, siteId),
      getLeadDeliveryConfig(db, siteId),
      getStockSummary(db, current, serverNow()),
    ]);
    refuseUnready(
      readiness({
        siteId,
        email: p.email !== undefined ? p.email : current.email,
        leadDelivery,
        locations: locations.filter((l) => l.visible),
        stockCount: stock.count,
        noStockYet: p.no_stock_yet ?? current.noStockYet,
      }),
      p.published === true,
    );
  }
  const changed = await updateSite(db, siteId, siteChanges(current, parsed.data), by);
  if (!changed) throw new HttpError(404, "Unknown site.");
  if (isConflict(changed)) throw refuse(409, changed.conflict);
  await siteDataChanged(siteId, ["navigation", "locations"]);
  return (await siteRecordAnswer(siteId))!;
}

/** The address placed (typed coordinates, the point pasted from the map, else the postcode's centre), or a 422 naming the field to fix. */
function placed(country: Country, a: Parameters<typeof placeAddress>[1], current?: Parameters<typeof placeAddress>[3]) {
  const where = placeAddress(country, a, postcodeCentre, current);
  if ("problem" in where) throw refuse(422, { [where.problem.field]: where.problem.message });
  return where.address;
}

async function siteOf(siteId: number) {
  const site = await getSiteById(await getDb(), siteId);
  if (!site) throw new HttpError(404, "Unknown site.");
  return site;
}

/** POST /api/v1/websites/{id}/locations and the console: the new location as the website session carries it. */
export async function addLocation(siteId: number, body: unknown, by: Actor) {
  const site = await siteOf(siteId);
  const parsed = LocationRecordSchema.safeParse(body);
  if (!parsed.success) throw refuse(422, fieldErrors(parsed.error, "location"));
  const record = { ...parsed.data, address: placed(site.country, parsed.data.address) };
  const db = await getDb();
  const position = (await listAllLocations(db, siteId)).length;
  const written = await createLocation(db, siteId, newLocation(record, site.country, position), by);
  if (!written) throw new HttpError(404, "Unknown site.");
  if ("errors" in written) throw refuse(written.status, written.errors);
  await siteDataChanged(siteId, ["locations"]);
  return toSessionLocation(written);
}

/** PUT /api/v1/websites/{id}/locations/{locationId}.json and the console: the fields given change. */
export async function changeLocation(siteId: number, locationId: number, body: unknown, by: Actor) {
  const site = await siteOf(siteId);
  const parsed = LocationPatchSchema.safeParse(body);
  if (!parsed.success) throw refuse(422, fieldErrors(parsed.error, "location"));
  const { address, ...rest } = parsed.data;
  // the point the location has now: a change that does not move the address keeps it
  const now = address ? (await listAllLocations(await getDb(), siteId)).find((l) => l.id === locationId)?.address : undefined;
  const changes = locationChanges({ ...rest, ...(address ? { address: placed(site.country, address, now) } : {}) }, site.country);
  const written = await updateLocation(await getDb(), siteId, locationId, changes, by);
  if (!written) throw new HttpError(404, "Unknown location.");
  if ("errors" in written) throw refuse(written.status, written.errors);
  await siteDataChanged(siteId, ["locations"]);
  return toSessionLocation(written);
}

/** POST /api/v1/websites/{id}/dealerships and the console: a new dealership (franchise) of the site. */
export async function addDealership(siteId: number, body: unknown, by: Actor) {
  await siteOf(siteId);
  const parsed = DealershipRecordSchema.safeParse(body);
  if (!parsed.success) throw refuse(422, fieldErrors(parsed.error, "dealership"));
  const db = await getDb();
  const position = (await listDealerships(db, siteId, true)).length;
  const written = await createDealership(db, siteId, newDealership(parsed.data, position), by);
  if (!written) throw new HttpError(404, "Unknown site.");
  if ("errors" in written) throw refuse(written.status, written.errors);
  await siteDataChanged(siteId, ["navigation"]);
  return dealershipJson(written);
}

/** PUT /api/v1/websites/{id}/dealerships/{dealershipId}.json and the console: the fields given change. */
export async function changeDealership(siteId: number, dealershipId: number, body: unknown, by: Actor) {
  await siteOf(siteId);
  const parsed = DealershipPatchSchema.safeParse(body);
  if (!parsed.success) throw refuse(422, fieldErrors(parsed.error, "dealership"));
  const written = await updateDealership(await getDb(), siteId, dealershipId, dealershipChanges(parsed.data), by);
  if (!written) throw new HttpError(404, "Unknown dealership.");
  if ("errors" in written) throw refuse(written.status, written.errors);
  await siteDataChanged(siteId, ["navigation", "locations"]);
  return dealershipJson(written);
}
