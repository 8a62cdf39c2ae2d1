import "server-only";
import { and, eq, getTableColumns, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { localDay, reportRange } from "@/domain/reports/range";
import type { StockListQuery } from "@/domain/stock/stock-list";
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

type Figures = { days: number; views7: number; views30: number; leads7: number; leads30: number };

/**
 * One page of the site's cars as a query asks (offset/limit), with the number of cars it finds.
 * Views and leads are the stock report's (the rollup of vehicle page views, real leads naming the
 * car) over the reports' "last 7 days" and "last 30 days".
 *
 * The figures are read by the stock report's own grouped queries (views, leads; the 7 days in the same
 * pass as the 30), each once for the site, and joined
 * here to the cars the filters find (a dealer's stock is thousands of cars at most), then sorted and
 * cut to the page, whose cars are read whole. Joined in SQL instead, a planner without fresh table
 * statistics (the embedded database has no autovacuum) ran each grouped query again for every car:
 * seconds for 1,000 cars. This way no plan depends on them.
 */
export async function listStockView(db: Db, site: ListSite, q: StockListQuery, now: number, page: { offset: number; limit: number }) {
  const today = localDay(now, site.timezone);
  const d7 = reportRange({ preset: "7d" }, today)!;
  const d30 = reportRange({ preset: "30d" }, today)!;
  const [cars, views, leads] = await Promise.all([
    db
      .select({ id: v.id, slug: v.slug, stockNumber: v.stockNumber, price: v.price, days: daysInStock(site.timezone, now) })
      .from(v)
      .where(whereOf(site, q, now)),
    viewsByCar(db, site.id, d30.from, d30.to, d7.from),
    enquiriesByCar(db, site.id, d30.from, d30.to, site.timezone, d7.from),
  ]);
  const viewsOf = new Map(views.map((x) => [x.slug, x]));
  const leadsOf = new Map(leads.map((x) => [x.id, x]));
  const figured = cars.map((c) => ({
    ...c,
    figures: {
      days: Number(c.days),
      views7: Number(viewsOf.get(c.slug)?.recent ?? 0),
      views30: Number(viewsOf.get(c.slug)?.views ?? 0),
      leads7: Number(leadsOf.get(c.id)?.recent ?? 0),
      leads30: Number(leadsOf.get(c.id)?.n ?? 0),
    } satisfies Figures,
  }));
  const sign = q.dir === "asc" ? 1 : -1;
  const byStock = (a: (typeof figured)[number], b: (typeof figured)[number]) =>
    (a.stockNumber < b.stockNumber ? -1 : a.stockNumber > b.stockNumber ? 1 : 0) || a.id - b.id;
  const key = (c: (typeof figured)[number]): number | null => (q.sort === "price" ? c.price : q.sort === "stock" ? 0 : c.figures[q.sort]);
  figured.sort((a, b) => {
    if (q.sort === "stock") return sign * byStock(a, b);
    const [x, y] = [key(a), key(b)];
    // a car without a price comes last either way
    if (x === null || y === null) return x === y ? byStock(a, b) : x === null ? 1 : -1;
    return sign * (x - y) || byStock(a, b);
  });
  const shown = figured.slice(page.offset, page.offset + page.limit);
  const full = shown.length
    ? await db
        .select({ ...getTableColumns(v), locationName: t.locations.name, noPhoto: sql<boolean>`${noPhoto}` })
        .from(v)
        .leftJoin(t.locations, and(eq(t.locations.siteId, v.siteId), eq(t.locations.id, v.locationId)))
        .where(
          and(
            eq(v.siteId, site.id),
            inArray(
              v.id,
              shown.map((c) => c.id),
            ),
          ),
        )
    : [];
  const rowOf = new Map(full.map((r) => [r.id, r]));
  const rows = shown.flatMap((c) => {
    const r = rowOf.get(c.id);
    return r ? [{ ...r, ...c.figures }] : [];
  });
  return { rows, total: cars.length };
}
