import "server-only";
import { and, eq, gte, inArray, not, notInArray, or, sql, type SQL } from "drizzle-orm";
import { summarizeStock, type StockSummary } from "@/domain/stock/summary";
import type { SearchPresets, SiteRecord } from "@/domain/site/types";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

const DAY_MS = 86_400_000;
export type StockSite = Pick<SiteRecord, "id" | "includeSoldCarsDays" | "searchPresets">;

/** A brand name and every make variant the site maps it to. */
export function makeVariants(presets: SearchPresets, makes: string[]): string[] {
  const map = presets.make_variants ?? {};
  return [...new Set(makes.flatMap((m) => [m, ...(Object.hasOwn(map, m) ? (map[m] ?? []) : [])]))];
}

/**
 * A car the site still offers (base filter, without the search presets): shown on the
 * dealer website, and in stock, coming soon, or sold within the site's days. A car's own page says
 * "sold" only when this is false — a preset (minimum photos, makes) narrows the search, not the truth.
 */
export function availableStock(site: Pick<StockSite, "id" | "includeSoldCarsDays">, now = Date.now()): SQL {
  const soldSince = new Date(now - site.includeSoldCarsDays * DAY_MS);
  return and(
    eq(t.vehicles.siteId, site.id),
    eq(t.vehicles.showOnDealerWebsite, true),
    or(inArray(t.vehicles.status, ["in_stock", "coming_soon"]), and(eq(t.vehicles.status, "sold"), gte(t.vehicles.soldAt, soldSince)))!,
  )!;
}

/**
 * Base filter: status in_stock or coming_soon, or sold within N days (default 3, per site),
 * and show_on_dealer_website; plus the site's per-dealer filters (minimum photos, make preset with
 * used-car inclusion, excluded locations, excluded new/demo makes).
 */
export function visibleStock(site: StockSite, now = Date.now()): SQL {
  const p = site.searchPresets;
  const conditions: SQL[] = [availableStock(site, now)];
  if (p.min_photos) conditions.push(gte(t.vehicles.photosCount, p.min_photos));
  if (p.makes?.length) {
    const inMakes = inArray(t.vehicles.make, makeVariants(p, p.makes));
    conditions.push(p.include_used ? or(inMakes, eq(t.vehicles.carType, "used"))! : inMakes);
  }
  if (p.exclude_location_ids?.length) {
    conditions.push(or(sql`${t.vehicles.locationId} is null`, notInArray(t.vehicles.locationId, p.exclude_location_ids))!);
  }
  if (p.exclude_new_demo_makes?.length) {
    conditions.push(
      not(and(inArray(t.vehicles.make, makeVariants(p, p.exclude_new_demo_makes)), inArray(t.vehicles.carType, ["new", "demo"]))!),
    );
  }
  return and(...conditions)!;
}

export async function getStockSummary(db: Db, site: StockSite, now = Date.now()): Promise<StockSummary> {
  const rows = await db
    .select({
      make: t.vehicles.make,
      model: t.vehicles.model,
      carType: t.vehicles.carType,
      bodyType: t.vehicles.bodyType,
      count: sql<number>`count(*)::int`,
    })
    .from(t.vehicles)
    .where(visibleStock(site, now))
    .groupBy(t.vehicles.make, t.vehicles.model, t.vehicles.carType, t.vehicles.bodyType);
  return summarizeStock(rows);
}
