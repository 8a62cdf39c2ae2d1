import "server-only";
import { and, asc, desc, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Location } from "@/domain/site/types";
import {
  effectiveCarTypes,
  odometerToKm,
  PAGE_SIZE,
  type FacetName,
  type FacetValue,
  type ListFilter,
  type Range,
  type SearchQuery,
  type SearchResult,
  type SortId,
} from "@/domain/stock/search";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { makeVariants, visibleStock, type StockSite } from "@/server/repositories/stock";
import { toVehicle } from "@/server/repositories/vehicles";

export type { FacetName, FacetValue, SearchResult } from "@/domain/stock/search";

export type SearchSite = StockSite & { country: string };

/** Search behind an interface: SQL on PostgreSQL today, anything else later (DESIGN.md). */
export interface VehicleSearch {
  search(site: SearchSite, locations: Location[], query: SearchQuery, now?: number): Promise<SearchResult>;
}

const v = t.vehicles;
const LIST_COLUMNS: Record<Exclude<ListFilter, "location">, AnyPgColumn> = {
  make: v.make,
  model: v.model,
  body: v.bodyType,
  fuel: v.fuel,
  transmission: v.transmission,
  city: v.city,
};

/**
 * Most Relevant (the documented rank): in stock before coming soon before just sold; priced before
 * "Enquire for price."; listings with 3+ photos first; then the newest listing; then id (stable).
 */
const RELEVANCE = [
  sql`case ${v.status} when 'in_stock' then 0 when 'coming_soon' then 1 else 2 end`,
  sql`(${v.price} is null)`,
  sql`(${v.photosCount} >= 3) desc`,
  desc(v.listedAt),
  desc(v.id),
];
const ORDER: Record<SortId, SQL[]> = {
  relevance: RELEVANCE,
  latest: [desc(v.listedAt), desc(v.id)],
  "price-desc": [sql`${v.price} desc nulls last`, desc(v.id)],
  "price-asc": [sql`${v.price} asc nulls last`, asc(v.id)],
  "odometer-desc": [desc(v.odometer), desc(v.id)],
  "odometer-asc": [asc(v.odometer), asc(v.id)],
};

function rangeCondition(col: AnyPgColumn, r: Range): SQL[] {
  const out: SQL[] = [];
  if (r.min !== undefined) out.push(gte(col, r.min));
  if (r.max !== undefined) out.push(lte(col, r.max));
  return out;
}

/** Each active filter as its own condition, so a facet can leave out its own dimension. */
function filterConditions(site: SearchSite, locations: Location[], q: SearchQuery): Record<FacetName | "ranges" | "q", SQL[]> {
  const idsBySlug = new Map(locations.map((l) => [l.slug, l.id]));
  const locationIds = q.location.map((s) => idsBySlug.get(s)).filter((id): id is number => id !== undefined);
  const list = (key: Exclude<ListFilter, "location">, values: string[]) =>
    values.length ? [inArray(LIST_COLUMNS[key], key === "make" ? makeVariants(site.searchPresets, values) : values)] : [];
  const odometer = {
    ...(q.odometer.min !== undefined ? { min: odometerToKm(q.odometer.min, site.country) } : {}),
    ...(q.odometer.max !== undefined ? { max: odometerToKm(q.odometer.max, site.country) } : {}),
  };
  const words = q.q.split(/\s+/).filter(Boolean).slice(0, 5);
  return {
    carType: [inArray(v.carType, effectiveCarTypes(q))],
    make: list("make", q.make),
    model: list("model", q.model),
    body: list("body", q.body),
    fuel: list("fuel", q.fuel),
    transmission: list("transmission", q.transmission),
    city: list("city", q.city),
    location: q.location.length ? [inArray(v.locationId, locationIds.length ? locationIds : [-1])] : [],
    ranges: [...rangeCondition(v.price, q.price), ...rangeCondition(v.year, q.year), ...rangeCondition(v.odometer, odometer)],
    q: words.map((w) => {
      const like = `%${w.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      return or(ilike(v.make, like), ilike(v.model, like), ilike(v.badge, like), ilike(v.stockNumber, like))!;
    }),
  };
}

export class SqlVehicleSearch implements VehicleSearch {
  constructor(private readonly db: Db) {}

  async search(site: SearchSite, locations: Location[], q: SearchQuery, now = Date.now()): Promise<SearchResult> {
    const base = visibleStock(site, now);
    const parts = filterConditions(site, locations, q);
    const except = (...left: Array<keyof typeof parts>) =>
      and(base, ...Object.entries(parts).flatMap(([k, conds]) => (left.includes(k as keyof typeof parts) ? [] : conds)))!;
    const where = except();

    const [{ total } = { total: 0 }] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(v)
      .where(where);
    const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const page = Math.min(q.page, pages); // an out-of-range page shows the last page
    const rows = await this.db
      .select()
      .from(v)
      .where(where)
      .orderBy(...ORDER[q.sort])
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE);

    const count = sql<number>`count(*)::int`;
    const facet = async (name: FacetName, col: AnyPgColumn): Promise<FacetValue[]> => {
      const r = await this.db.select({ value: col, count }).from(v).where(except(name)).groupBy(col).orderBy(asc(col));
      return r.filter((x) => x.value !== null && x.value !== "").map((x) => ({ value: String(x.value), count: x.count }));
    };
    const [carType, make, body, fuel, transmission, city, locationRows, models, ranges] = await Promise.all([
      facet("carType", v.carType),
      facet("make", v.make),
      facet("body", v.bodyType),
      facet("fuel", v.fuel),
      facet("transmission", v.transmission),
      facet("city", v.city),
      facet("location", v.locationId),
      // models are offered within the chosen makes
      q.make.length
        ? this.db
            .select({ make: v.make, value: v.model, count })
            .from(v)
            .where(except("model"))
            .groupBy(v.make, v.model)
            .orderBy(asc(v.make), asc(v.model))
        : Promise.resolve([]),
      this.db
        .select({
          priceMin: sql<number | null>`min(${v.price})`,
          priceMax: sql<number | null>`max(${v.price})`,
          yearMin: sql<number | null>`min(${v.year})`,
          yearMax: sql<number | null>`max(${v.year})`,
          odoMin: sql<number | null>`min(${v.odometer})`,
          odoMax: sql<number | null>`max(${v.odometer})`,
        })
        .from(v)
        .where(except("ranges")),
    ]);
    const slugById = new Map(locations.map((l) => [String(l.id), l.slug]));
    const r = ranges[0];
    const range = (min: number | null | undefined, max: number | null | undefined): Range => ({
      ...(min != null ? { min: Number(min) } : {}),
      ...(max != null ? { max: Number(max) } : {}),
    });
    return {
      vehicles: rows.map(toVehicle),
      total,
      page,
      pages,
      pageSize: PAGE_SIZE,
      facets: {
        carType,
        make,
        model: models.map((m) => ({ value: m.value, count: m.count, make: m.make })),
        body,
        fuel,
        transmission,
        city,
        location: locationRows.flatMap((l) => (slugById.has(l.value) ? [{ value: slugById.get(l.value)!, count: l.count }] : [])),
      },
      ranges: { price: range(r?.priceMin, r?.priceMax), year: range(r?.yearMin, r?.yearMax), odometer: range(r?.odoMin, r?.odoMax) },
    };
  }
}
