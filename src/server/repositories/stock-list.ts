import "server-only";
import { and, type AnyColumn, asc, desc, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { localDay, reportRange } from "@/domain/reports/range";
import { withEdited } from "@/domain/stock/edited";
import { changedPrice, type Bulk, type StockListQuery, type StockSort } from "@/domain/stock/stock-list";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { enquiriesByCar, noPhoto, noPrice, viewsByCar } from "@/server/reports/stock";
import { type Actor, writeAudit } from "./audit";

/*
 * The back-office's stock list (docs/features/back-office.md, "The stock list"): a site's cars with
 * their photo, days in stock and the stock report's own views and leads of the last 7 and 30 days,
 * filtered, sorted and searched in one query; and the bulk actions on a selection. Every query
 * carries the site's id: another site's car is simply not found.
 */

const v = t.vehicles;
export type ListSite = { id: number; timezone: string };

/** Days in stock: from the day the car was listed to today, or to the day it sold (the site's days). */
const daysInStock = (tz: string, now: number): SQL<number> =>
  sql<number>`greatest(0, ((coalesce(${v.soldAt}, ${new Date(now).toISOString()}::timestamptz) at time zone ${tz})::date - (${v.listedAt} at time zone ${tz})::date))`;

/** The filters of a query as SQL conditions on the site's vehicles. */
function whereOf(site: ListSite, q: StockListQuery, now: number): SQL {
  const conds: SQL[] = [eq(v.siteId, site.id)];
  if (q.q) {
    const like = `%${q.q.replace(/[\\%_]/g, "\\$&")}%`;
    // words match the make, model and badge as the storefront's search reads them ("cx 5" finds CX-5)
    const compact = q.q.toLowerCase().replace(/[^a-z0-9]+/g, "");
    conds.push(
      or(
        ilike(v.stockNumber, like),
        ilike(v.rego, like),
        ilike(v.vin, like),
        ilike(sql`${v.make} || ' ' || ${v.model} || coalesce(' ' || ${v.badge}, '')`, like),
        ...(compact ? [sql`${v.searchKey} like ${`%${compact}%`}`] : []),
      )!,
    );
  }
  if (q.condition) conds.push(eq(v.carType, q.condition));
  if (q.location !== null) conds.push(eq(v.locationId, q.location));
  if (q.status === "hidden") conds.push(eq(v.showOnDealerWebsite, false));
  else if (q.status) conds.push(eq(v.status, q.status));
  if (q.noPhoto) conds.push(noPhoto);
  if (q.noPrice) conds.push(noPrice);
  if (q.over) conds.push(sql`${daysInStock(site.timezone, now)} > ${q.over}`);
  return and(...conds)!;
}

export type StockListRow = Awaited<ReturnType<typeof listStockView>>["rows"][number];

/**
 * One page of the site's cars as a query asks (offset/limit), with the number of cars it finds.
 * Views and leads are the stock report's (the rollup of vehicle page views, real leads naming the
 * car) over the reports' "last 7 days" and "last 30 days".
 */
export async function listStockView(db: Db, site: ListSite, q: StockListQuery, now: number, page: { offset: number; limit: number }) {
  const today = localDay(now, site.timezone);
  const d7 = reportRange({ preset: "7d" }, today)!;
  const d30 = reportRange({ preset: "30d" }, today)!;
  const v7 = viewsByCar(db, site.id, d7.from, d7.to).as("v7");
  const v30 = viewsByCar(db, site.id, d30.from, d30.to).as("v30");
  const l7 = enquiriesByCar(db, site.id, d7.from, d7.to, site.timezone).as("l7");
  const l30 = enquiriesByCar(db, site.id, d30.from, d30.to, site.timezone).as("l30");
  const days = daysInStock(site.timezone, now);
  // a subquery's computed figure by its alias: drizzle leaves it unqualified, and four subqueries share the name
  const figure = (alias: string, name: "views" | "n") => sql<number>`coalesce(${sql.raw(`"${alias}"."${name}"`)}, 0)::int`;
  const figures = {
    days,
    views7: figure("v7", "views"),
    views30: figure("v30", "views"),
    leads7: figure("l7", "n"),
    leads30: figure("l30", "n"),
  };
  const sortBy: Record<StockSort, SQL | AnyColumn> = { ...figures, stock: v.stockNumber, price: v.price };
  const key = sortBy[q.sort];
  const order = q.sort === "price" ? sql`${key} ${sql.raw(q.dir)} nulls last` : q.dir === "asc" ? asc(key) : desc(key);
  const where = whereOf(site, q, now);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        ...getTableColumns(v),
        locationName: t.locations.name,
        noPhoto: sql<boolean>`${noPhoto}`,
        ...figures,
      })
      .from(v)
      .leftJoin(t.locations, and(eq(t.locations.siteId, v.siteId), eq(t.locations.id, v.locationId)))
      .leftJoin(v7, eq(v7.slug, v.slug))
      .leftJoin(v30, eq(v30.slug, v.slug))
      .leftJoin(l7, eq(l7.id, v.id))
      .leftJoin(l30, eq(l30.id, v.id))
      .where(where)
      .orderBy(order, asc(v.stockNumber), asc(v.id))
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(v)
      .where(where),
  ]);
  return { rows, total: Number(count?.n ?? 0) };
}

/** The stock numbers and titles of some of a site's cars (the "Mark 2 cars sold?" question lists them). */
export async function stockNumbersOf(db: Db, siteId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: v.id, stockNumber: v.stockNumber, year: v.year, make: v.make, model: v.model, badge: v.badge })
    .from(v)
    .where(and(eq(v.siteId, siteId), inArray(v.id, [...ids])))
    .orderBy(asc(v.stockNumber));
}

export type BulkSkip = { id: number; reason: "not on this site" | "without a price" | "already so" };
export type BulkResult = { changed: number[]; skipped: BulkSkip[]; listingChanged: boolean };

/** What a car's audit entry shows of a bulk change: the fields it can touch. */
const touched = (x: typeof v.$inferSelect) => ({
  status: x.status,
  show_on_dealer_website: x.showOnDealerWebsite,
  location_id: x.locationId,
  price: x.price,
});

/**
 * A bulk action on some of a site's cars, in one transaction: each car changed is audited
 * ("vehicle.update", before and after; a price change also lands in the price history by the
 * vehicles table's trigger) and its changed feed fields are marked edited here, so the next feed
 * does not undo the sale, the move or the price drop. Ids not of the site are skipped, as are cars
 * without a price for a price change and cars already so. The location is checked by the caller.
 */
export async function bulkUpdateVehicles(db: Db, siteId: number, bulk: Bulk, by: Actor, now: Date): Promise<BulkResult> {
  return db.transaction(async (tx) => {
    const ids = [...new Set(bulk.ids)];
    const cars = await tx
      .select()
      .from(v)
      .where(and(eq(v.siteId, siteId), inArray(v.id, ids)))
      .orderBy(asc(v.id))
      .for("update");
    const found = new Map(cars.map((c) => [c.id, c]));
    const skipped: BulkSkip[] = ids.filter((id) => !found.has(id)).map((id) => ({ id, reason: "not on this site" }));
    const changed: number[] = [];
    let listingChanged = false;
    for (const car of cars) {
      let set: Partial<typeof v.$inferInsert> & { editedFields?: string[] };
      let edited: string[] = [];
      if (bulk.action === "sold") {
        set = { status: "sold", soldAt: car.soldAt ?? now };
        edited = ["status"];
      } else if (bulk.action === "hide" || bulk.action === "show") {
        set = { showOnDealerWebsite: bulk.action === "show" };
      } else if (bulk.action === "move") {
        set = { locationId: bulk.location_id! };
        edited = ["locationId"];
      } else {
        const price = changedPrice(car.price, bulk.price!);
        if (price === null) {
          skipped.push({ id: car.id, reason: "without a price" });
          continue;
        }
        set = { price };
        edited = ["price"];
      }
      const same = Object.entries(set).every(([k, x]) => k === "soldAt" || car[k as keyof typeof car] === x);
      if (same) {
        skipped.push({ id: car.id, reason: "already so" });
        continue;
      }
      const [after] = await tx
        .update(v)
        .set({ ...set, editedFields: withEdited(car.editedFields, edited) })
        .where(and(eq(v.siteId, siteId), eq(v.id, car.id)))
        .returning();
      await writeAudit(tx, {
        siteId,
        by,
        action: "vehicle.update",
        entity: `vehicle:${car.stockNumber}`,
        before: touched(car),
        after: { ...touched(after!), bulk: bulk.action },
      });
      changed.push(car.id);
      // the site's listed stock moved (sold, hidden, shown): its counts show on every page
      if (bulk.action !== "move" && bulk.action !== "price") listingChanged = true;
    }
    return { changed, skipped, listingChanged };
  });
}

/** Whether a location is one of the site's. */
export async function isSiteLocation(db: Db, siteId: number, locationId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: t.locations.id })
    .from(t.locations)
    .where(and(eq(t.locations.siteId, siteId), eq(t.locations.id, locationId)));
  return Boolean(row);
}
