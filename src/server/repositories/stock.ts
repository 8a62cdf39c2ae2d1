import { and, eq, gte, inArray, or, sql, type SQL } from "drizzle-orm";
import { summarizeStock, type StockSummary } from "@/domain/stock/summary";
import type { SiteRecord } from "@/domain/site/types";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

const DAY_MS = 86_400_000;

/**
 * SPEC §7 base filter: status in_stock or coming_soon, or sold within N days (default 3,
 * per site), and show_on_dealer_website; plus the site's hard preset (minimum photos).
 */
export function visibleStock(site: Pick<SiteRecord, "id" | "includeSoldCarsDays" | "searchPresets">, now = Date.now()): SQL {
  const soldSince = new Date(now - site.includeSoldCarsDays * DAY_MS);
  const conditions: SQL[] = [
    eq(t.vehicles.siteId, site.id),
    eq(t.vehicles.showOnDealerWebsite, true),
    or(inArray(t.vehicles.status, ["in_stock", "coming_soon"]), and(eq(t.vehicles.status, "sold"), gte(t.vehicles.soldAt, soldSince)))!,
  ];
  if (site.searchPresets.min_photos) conditions.push(gte(t.vehicles.photosCount, site.searchPresets.min_photos));
  return and(...conditions)!;
}

export async function getStockSummary(db: Db, site: SiteRecord, now = Date.now()): Promise<StockSummary> {
  const rows = await db
    .select({ make: t.vehicles.make, model: t.vehicles.model, carType: t.vehicles.carType, count: sql<number>`count(*)::int` })
    .from(t.vehicles)
    .where(visibleStock(site, now))
    .groupBy(t.vehicles.make, t.vehicles.model, t.vehicles.carType);
  return summarizeStock(rows);
}
