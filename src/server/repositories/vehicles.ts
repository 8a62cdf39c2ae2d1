import "server-only";
import { and, asc, eq, gt, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { CarType } from "@/domain/stock/summary";
import type { Vehicle } from "@/domain/stock/vehicle";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { oneOf } from "./row";
import { availableStock, visibleStock, type StockSite } from "./stock";

type VehicleRow = typeof t.vehicles.$inferSelect;

export function toVehicle(r: VehicleRow): Vehicle {
  return {
    id: r.id,
    slug: r.slug,
    stockNumber: r.stockNumber,
    vin: r.vin,
    rego: r.rego,
    make: r.make,
    model: r.model,
    badge: r.badge,
    series: r.series,
    year: r.year,
    colour: r.colour,
    bodyType: r.bodyType,
    fuel: r.fuel,
    transmission: r.transmission,
    drive: r.drive,
    seats: r.seats,
    doors: r.doors,
    berths: r.berths,
    atmKg: r.atmKg,
    tareKg: r.tareKg,
    lengthMm: r.lengthMm,
    odometer: r.odometer,
    buildDate: r.buildDate,
    price: r.price,
    priceType: r.priceType,
    subscriptionWeekly: r.subscriptionWeekly,
    carType: oneOf<CarType>(["new", "used", "demo"], r.carType, { table: "vehicles", id: r.id, column: "car_type" }),
    status: oneOf<Vehicle["status"]>(["in_stock", "coming_soon", "sold"], r.status, { table: "vehicles", id: r.id, column: "status" }),
    soldAt: r.soldAt,
    photosCount: r.photosCount,
    primaryImageUrl: r.primaryImageUrl,
    thumbnails: r.thumbnails,
    photoAlts: r.photoAlts ?? [],
    locationId: r.locationId,
    city: r.city,
    carsalesSellerIdentifier: r.carsalesSellerIdentifier,
    description: r.description,
    features: r.features ?? [],
    featured: r.featured ?? false,
    special: r.special ?? false,
    listedAt: r.listedAt,
  };
}

type FoundVehicle = { vehicle: Vehicle; listed: boolean; hidden: boolean };

/** One car of the site by a unique column, with whether the site still offers it (search presets do not count). */
async function oneVehicle(db: Db, site: StockSite, which: SQL, now: number): Promise<FoundVehicle | null> {
  const [row] = await db
    .select({ v: t.vehicles, listed: sql<boolean>`(${availableStock(site, now)})` })
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, site.id), which))
    .limit(1);
  if (!row) return null;
  return { vehicle: toVehicle(row.v), listed: Boolean(row.listed), hidden: !row.v.showOnDealerWebsite };
}

/** A vehicle page's vehicle, with whether the site still offers it (sold long ago / hidden → not). */
export const getVehicleBySlug = (db: Db, site: StockSite, slug: string, now = Date.now()) =>
  oneVehicle(db, site, eq(t.vehicles.slug, slug), now);

/** A car of the site by its stock number (the dealer's own key), with whether the site offers it now. */
export const getVehicleByStockNumber = (db: Db, site: StockSite, stockNumber: string, now = Date.now()) =>
  oneVehicle(db, site, eq(t.vehicles.stockNumber, stockNumber), now);

/** Similar listed vehicles: same body type or make, nearest in price. */
export async function listSimilarVehicles(db: Db, site: StockSite, v: Vehicle, limit = 4, now = Date.now()): Promise<Vehicle[]> {
  const rows = await db
    .select()
    .from(t.vehicles)
    .where(
      and(
        visibleStock(site, now),
        ne(t.vehicles.id, v.id),
        sql`(${t.vehicles.bodyType} = ${v.bodyType} or ${t.vehicles.make} = ${v.make})`,
      ),
    )
    .orderBy(sql`abs(coalesce(${t.vehicles.price}, 0) - ${v.price ?? 0})`, asc(t.vehicles.id))
    .limit(limit);
  return rows.map(toVehicle);
}

/** The site's visible vehicles among these ids (a saved list): sold long ago, hidden or another site's cars are not. */
export async function listVisibleVehiclesByIds(db: Db, site: StockSite, ids: readonly number[], now = Date.now()): Promise<Vehicle[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(t.vehicles)
    .where(and(visibleStock(site, now), inArray(t.vehicles.id, [...ids])));
  return rows.map(toVehicle);
}

/** One chunk of the site's listed stock in id order, after `afterId` (a feed streams the whole list chunk by chunk). */
export async function listListedVehicles(db: Db, site: StockSite, now: number, afterId: number, limit: number): Promise<Vehicle[]> {
  const rows = await db
    .select()
    .from(t.vehicles)
    .where(and(visibleStock(site, now), gt(t.vehicles.id, afterId)))
    .orderBy(asc(t.vehicles.id))
    .limit(limit);
  return rows.map(toVehicle);
}

/** The sitemap's vehicles: listed and not sold (a just-sold car stays in the search a few days, not in the sitemap). */
export async function listSitemapVehicles(db: Db, site: StockSite, now: number): Promise<Array<{ slug: string; listedAt: Date }>> {
  return db
    .select({ slug: t.vehicles.slug, listedAt: t.vehicles.listedAt })
    .from(t.vehicles)
    .where(and(visibleStock(site, now), ne(t.vehicles.status, "sold")))
    .orderBy(asc(t.vehicles.id));
}

/** One car of the site by id, whatever its status (a lead names the car it was about, even once sold). */
export async function getVehicleById(db: Db, siteId: number, id: number): Promise<Vehicle | null> {
  const [row] = await db
    .select()
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, id)));
  return row ? toVehicle(row) : null;
}
