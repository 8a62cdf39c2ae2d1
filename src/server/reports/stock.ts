import "server-only";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { addDays, daysBetween, localDay, type ReportRange } from "@/domain/reports/range";
import { median } from "@/domain/reports/stats";
import { PLACEHOLDERS, vehicleTitle } from "@/domain/stock/vehicle";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import type { PriceChange, StockCar } from "@/domain/reports/report";
import { dayStart, onDays } from "./period";
import type { ReportSite } from "./reports";

export type { PriceChange, StockCar };

/*
 * The stock report. For the cars listed now: vehicle page views (the rollup of event 8)
 * and enquiries in the period, the 20 most and least viewed, how long cars have been in stock by
 * condition and make, and the cars a shopper cannot judge: no photo, no price.
 */

export type DaysRow = { key: string; label: string; cars: number; median: number };
export type StockReport = {
  listed: number;
  priceChanges: PriceChange[];
  top: StockCar[];
  bottom: StockCar[];
  daysByCondition: DaysRow[];
  daysByMake: DaysRow[];
  noPhotos: Array<{ id: number; title: string }>;
  noPrice: Array<{ id: number; title: string }>;
  all: StockCar[];
};

const CONDITIONS: Record<string, string> = { new: "New", demo: "Demo", used: "Used" };

function daysRows(cars: Array<{ key: string; label: string; days: number }>): DaysRow[] {
  const groups = new Map<string, { label: string; days: number[] }>();
  for (const c of cars) {
    const g = groups.get(c.key) ?? { label: c.label, days: [] };
    g.days.push(c.days);
    groups.set(c.key, g);
  }
  return [...groups]
    .map(([key, g]) => ({ key, label: g.label, cars: g.days.length, median: median(g.days) ?? 0 }))
    .sort((a, b) => b.cars - a.cars || a.label.localeCompare(b.label));
}

const v = t.vehicles;
/** The cars a site lists now (shown on its website, in stock or coming soon). */
const listed = (siteId: number) =>
  and(eq(v.siteId, siteId), eq(v.showOnDealerWebsite, true), inArray(v.status, ["in_stock", "coming_soon"]));
/** A car a shopper cannot judge: no photo (uploaded or from the feed), or no price (the stock list's filters too). */
/** No photo: what the storefront shows is the placeholder (ownPhoto: no main photo but a placeholder, and no thumbnail). */
export const noPhoto = sql<boolean>`(coalesce(${v.primaryImageUrl}, '') in ('', ${sql.join(
  PLACEHOLDERS.map((p) => sql`${p}`),
  sql`, `,
)}) and coalesce(cardinality(${v.thumbnails}), 0) = 0)`;
export const noPrice = sql<boolean>`coalesce(${v.price}, 0) <= 0`;

/**
 * Each car's vehicle page views on the site's days from..to, by slug: the stock report's figure, and the
 * stock list's (src/server/reports/stock-list.ts). One way to count views. `recent` counts the days
 * from `recentFrom` to `to` in the same pass (the list's last 7 days beside its last 30).
 */
export const viewsByCar = (db: Db, siteId: number, from: string, to: string, recentFrom: string = from) => {
  const r = t.reportVehicleViews;
  return db
    .select({
      slug: r.vehicleSlug,
      views: sql<number>`sum(${r.views})::int`,
      recent: sql<number>`coalesce(sum(${r.views}) filter (where ${r.day} >= ${recentFrom}), 0)::int`,
    })
    .from(r)
    .where(and(eq(r.siteId, siteId), gte(r.day, from), lte(r.day, to)))
    .groupBy(r.vehicleSlug);
};

/**
 * Each car's enquiries (real leads naming it) on the site's days from..to, by car id: the stock report's
 * and the stock list's; `recent` those from the day `recentFrom`, in the same pass.
 */
export const enquiriesByCar = (db: Db, siteId: number, from: string, to: string, tz: string, recentFrom: string = from) =>
  db
    .select({
      id: t.leads.vehicleId,
      n: sql<number>`count(*)::int`,
      recent: sql<number>`(count(*) filter (where ${t.leads.createdAt} >= ${dayStart(recentFrom, tz)}))::int`,
    })
    .from(t.leads)
    .where(
      and(
        eq(t.leads.siteId, siteId),
        eq(t.leads.isMock, false),
        sql`${t.leads.vehicleId} is not null`,
        onDays(t.leads.createdAt, from, to, tz),
      ),
    )
    .groupBy(t.leads.vehicleId);

/** How many cars a site lists now, and how many of them have no photo or no price (the group view's). */
export async function stockCounts(db: Db, siteId: number): Promise<{ listed: number; noPhotos: number; noPrice: number }> {
  const [row] = await db
    .select({
      listed: sql<number>`count(*)::int`,
      noPhotos: sql<number>`(count(*) filter (where ${noPhoto}))::int`,
      noPrice: sql<number>`(count(*) filter (where ${noPrice}))::int`,
    })
    .from(v)
    .where(listed(siteId));
  return { listed: Number(row?.listed ?? 0), noPhotos: Number(row?.noPhotos ?? 0), noPrice: Number(row?.noPrice ?? 0) };
}

export async function stockReport(db: Db, site: ReportSite, range: ReportRange, now: number): Promise<StockReport> {
  const tz = site.timezone;
  const cars = await db
    .select({
      id: v.id,
      slug: v.slug,
      year: v.year,
      make: v.make,
      model: v.model,
      badge: v.badge,
      carType: v.carType,
      noPhoto,
      noPrice,
      listedAt: v.listedAt,
    })
    .from(v)
    .where(listed(site.id));
  const [views, enquiries] = await Promise.all([
    viewsByCar(db, site.id, range.from, range.to),
    enquiriesByCar(db, site.id, range.from, range.to, tz),
  ]);
  const viewsBySlug = new Map(views.map((x) => [x.slug, Number(x.views)]));
  const enquiriesById = new Map(enquiries.map((x) => [x.id, Number(x.n)]));
  const today = localDay(now, tz);
  const all = cars.map((c) => ({
    id: c.id,
    title: vehicleTitle(c),
    views: viewsBySlug.get(c.slug) ?? 0,
    enquiries: enquiriesById.get(c.id) ?? 0,
    days: Math.max(0, daysBetween(localDay(c.listedAt, tz), today)),
    carType: c.carType,
    make: c.make,
    noPhoto: c.noPhoto,
    noPrice: c.noPrice,
  }));
  const priceChanges = await priceChangesOf(db, site, range);
  const byViews = [...all].sort((a, b) => b.views - a.views || b.enquiries - a.enquiries || a.id - b.id);
  const plain = (x: (typeof all)[number]): StockCar => ({ id: x.id, title: x.title, views: x.views, enquiries: x.enquiries, days: x.days });
  return {
    listed: all.length,
    priceChanges,
    top: byViews.slice(0, 20).map(plain),
    bottom: byViews.slice(-20).reverse().map(plain),
    daysByCondition: daysRows(all.map((x) => ({ key: x.carType, label: CONDITIONS[x.carType] ?? x.carType, days: x.days }))),
    daysByMake: daysRows(all.map((x) => ({ key: x.make, label: x.make, days: x.days }))).slice(0, 15),
    noPhotos: all.filter((x) => x.noPhoto).map((x) => ({ id: x.id, title: x.title })),
    noPrice: all.filter((x) => x.noPrice).map((x) => ({ id: x.id, title: x.title })),
    all: byViews.map(plain),
  };
}

/**
 * The period's price changes (the latest 20), each with its car's page views a day over the 7
 * days before the change and the 7 days from it (fewer when the period has not run that long).
 */
async function priceChangesOf(db: Db, site: ReportSite, range: ReportRange): Promise<PriceChange[]> {
  const c = t.vehiclePriceChanges;
  const tz = site.timezone;
  const changes = await db
    .select({
      id: c.id,
      vehicleId: c.vehicleId,
      from: c.oldPrice,
      to: c.newPrice,
      day: sql<string>`to_char(${c.changedAt} at time zone ${tz}, 'YYYY-MM-DD')`,
      slug: v.slug,
      year: v.year,
      make: v.make,
      model: v.model,
      badge: v.badge,
    })
    .from(c)
    .innerJoin(v, and(eq(v.siteId, c.siteId), eq(v.id, c.vehicleId)))
    .where(and(eq(c.siteId, site.id), onDays(c.changedAt, range.from, range.to, tz)))
    .orderBy(sql`${c.changedAt} desc`, sql`${c.id} desc`)
    .limit(20);
  if (!changes.length) return [];
  const r = t.reportVehicleViews;
  const days = changes.map((x) => x.day).sort();
  const views = await db
    .select({ slug: r.vehicleSlug, day: r.day, views: r.views })
    .from(r)
    .where(
      and(
        eq(r.siteId, site.id),
        inArray(r.vehicleSlug, [...new Set(changes.map((x) => x.slug))]),
        gte(r.day, addDays(days[0]!, -7)),
        lte(r.day, addDays(days.at(-1)!, 6)),
      ),
    );
  const perDay = (slug: string, from: string, to: string) => {
    const span = Math.max(1, Math.min(daysBetween(from, to) + 1, 7));
    const total = views.filter((x) => x.slug === slug && x.day >= from && x.day <= to).reduce((n, x) => n + x.views, 0);
    return Math.round((total / span) * 10) / 10;
  };
  return changes.map((x) => ({
    id: x.id,
    vehicleId: x.vehicleId,
    title: vehicleTitle(x),
    from: x.from,
    to: x.to,
    day: x.day,
    viewsBefore: perDay(x.slug, addDays(x.day, -7), addDays(x.day, -1)),
    viewsAfter: perDay(x.slug, x.day, [addDays(x.day, 6), range.to].sort()[0]!),
  }));
}
