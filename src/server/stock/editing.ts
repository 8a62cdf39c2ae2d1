import "server-only";
import { type LookupRequest, type LookupVehicle } from "@/domain/lookups/lookup";
import { vehicleHref } from "@/domain/site/vehicle";
import type { VehicleCreate, VehicleEdit } from "@/domain/stock/vehicle-form";
import { catalogueChanged, vehiclesChanged } from "@/server/cache";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { HttpError } from "@/server/http/api";
import { siteLog } from "@/server/base/log";
import { LookupUnavailableError, siteLookupProviderOf } from "@/server/lookups/providers";
import type { Actor } from "@/server/repositories/audit";
import { getSiteById, listLocations } from "@/server/repositories/sites";
import { createVehicle, handBackFields, updateVehicle, type FieldProblem } from "@/server/repositories/stock-admin";
import { featuresOf } from "@/server/site/context";
import { defaultLocationOf } from "@/server/stock/imports";

/*
 * Cars by hand in the back-office (docs/features/back-office.md): added, edited field by field (each
 * field a person changed is "edited here", left alone by the next stock file or feed), handed back to
 * the feed, and filled from the site's rego lookup. Each write is audited and purges the storefront's
 * pages so shoppers see it at once.
 */

export const CHECK_FIELDS = "Please check the highlighted fields.";
const refuse = (p: FieldProblem["problem"]) => new HttpError(422, CHECK_FIELDS, {}, { [p.field]: p.message });

async function siteOf(siteId: number) {
  const db = await getDb();
  const [site, locations] = await Promise.all([getSiteById(db, siteId), listLocations(db, siteId)]);
  if (!site) throw new HttpError(404, "Not found.");
  return { db, site, locations };
}

/** A car added by hand: 422 for a stock number the site has or a location not its own. The storefront lists it at once. */
export async function addVehicle(siteId: number, input: VehicleCreate, by: Actor) {
  const { db, site, locations } = await siteOf(siteId);
  const made = await createVehicle(db, siteId, input, {
    locationIds: locations.map((l) => l.id),
    defaultLocation: defaultLocationOf(locations),
    by,
    now: new Date(serverNow()),
  });
  if ("problem" in made) throw refuse(made.problem);
  catalogueChanged([siteId]);
  const v = made.vehicle;
  return { vehicle: v, websiteHref: new URL(vehicleHref(site.template, v.slug), site.url).toString() };
}

/** A hand edit (the fields given): 404 for no such car, 422 as for an add. Purges the car's pages, or the site's when its listing moved. */
export async function editVehicle(siteId: number, id: number, edit: VehicleEdit, by: Actor) {
  const db = await getDb();
  const locationIds = edit.location_id == null ? undefined : (await listLocations(db, siteId)).map((l) => l.id);
  const r = await updateVehicle(db, siteId, id, edit, by, new Date(serverNow()), { locationIds });
  if (!r) throw new HttpError(404, "Unknown vehicle.");
  if ("problem" in r) throw refuse(r.problem);
  if (r.listingChanged) catalogueChanged([siteId]);
  else if (r.changed.length) vehiclesChanged(siteId, [id]);
  return r;
}

/** Fields handed back to the feed: 404 for no such car. Nothing shoppers see changes until the next import. */
export async function handBack(siteId: number, id: number, fields: readonly string[] | "all", by: Actor) {
  const r = await handBackFields(await getDb(), siteId, id, fields, by);
  if (!r) throw new HttpError(404, "Unknown vehicle.");
  return r;
}

/** The new-car form's fields from a looked-up rego (make, model, year, VIN, badge, body, colour). */
export const lookupFill = (v: LookupVehicle) => ({
  make: v.make,
  model: v.model,
  year: v.year,
  ...(v.vin ? { vin: v.vin } : {}),
  ...(v.badge ? { badge: v.badge } : {}),
  ...(v.body ? { body_type: v.body } : {}),
  ...(v.colour ? { colour: v.colour } : {}),
});

/** Whether the site has a rego lookup (the new-car form shows "Look up" only then). */
export async function siteHasLookup(siteId: number): Promise<boolean> {
  const db = await getDb();
  const site = await getSiteById(db, siteId);
  return !!site && siteLookupProviderOf(await featuresOf(db, site)) !== null;
}

/**
 * A rego looked up for the new-car form through the site's provider (the one the storefront's trade-in
 * uses): the fields it fills, or found: false; 404 where the site has no lookup, 503 when the provider fails.
 */
export async function lookUpRego(siteId: number, req: LookupRequest) {
  const db = await getDb();
  const site = await getSiteById(db, siteId);
  const provider = site && siteLookupProviderOf(await featuresOf(db, site));
  if (!provider) throw new HttpError(404, "This site has no vehicle lookup.");
  try {
    const v = await provider.lookup(req);
    return v
      ? { found: true as const, fill: { ...lookupFill(v), rego: req.rego }, provider: provider.name }
      : { found: false as const, provider: provider.name };
  } catch (err) {
    if (!(err instanceof LookupUnavailableError)) throw err;
    siteLog(siteId).warn({ provider: provider.name, status: err.status }, "vehicle lookup failed");
    throw new HttpError(503, "Vehicle lookup isn’t available right now. Enter the details by hand.", { "retry-after": "60" });
  }
}
