import "server-only";
import { and, type AnyColumn, asc, desc, eq, getTableColumns, ilike, or, sql, type SQL } from "drizzle-orm";
import { localDay, reportRange } from "@/domain/reports/range";
import type { StockListQuery, StockSort } from "@/domain/stock/stock-list";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { enquiriesByCar, noPhoto, noPrice, viewsByCar } from "./stock";

/*
 * The back-office's stock list (docs/features/back-office.md, "The stock list"): a site's cars with
 * their photo, days in stock and the stock report's own views and leads of the last 7 and 30 days,
 * filtered, sorted and searched in one query. Every query carries the site's id.
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
