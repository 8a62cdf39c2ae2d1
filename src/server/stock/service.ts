import "server-only";
import { cache } from "react";
import { searchHref, type SearchQuery, type SortId } from "@/domain/stock/search";
import type { Vehicle } from "@/domain/stock/vehicle";
import { pageTag } from "@/domain/http/page-cache";
import { catalogue, siteTag } from "@/server/cache";
import { recordPageTags, tagged } from "@/server/cache/page-tags";
import { getDb } from "@/server/db";
import { isVehicleReserved } from "@/server/repositories/orders";
import { getVehicleBySlug, listSimilarVehicles, listVisibleVehiclesByIds } from "@/server/repositories/vehicles";
import { SqlVehicleSearch, type SearchResult, type VehicleSearch } from "@/server/search/vehicle-search";
import type { SiteContext } from "@/server/site/context";

/** The platform's search implementation (SQL on the configured database). */
export const getVehicleSearch = cache(async (): Promise<VehicleSearch> => new SqlVehicleSearch(await getDb()));

/** A search result page, reused across requests for a few seconds (catalogue cache, tagged per site). */
export function searchStock(ctx: SiteContext, query: SearchQuery, now: number): Promise<SearchResult> {
  const key = `search:${ctx.site.id}:${searchHref(query, "")}`;
  recordPageTags(pageTag.stock(ctx.site.id));
  return catalogue.cached(key, [siteTag(ctx.site.id)], async () => (await getVehicleSearch()).search(ctx.site, ctx.locations, query, now));
}

/** The first vehicles of the site's listed stock in a sort order (home-page rows), reused like a search page. */
export function firstStock(ctx: SiteContext, sort: SortId, limit: number, now: number): Promise<Vehicle[]> {
  recordPageTags(pageTag.stock(ctx.site.id));
  return catalogue.cached(`first:${ctx.site.id}:${sort}:${limit}`, [siteTag(ctx.site.id)], async () =>
    (await getVehicleSearch()).first(ctx.site, sort, limit, now),
  );
}

/** A vehicle page's vehicle and its similar vehicles (the page is stored under each car it shows). */
export function getVehiclePage(ctx: SiteContext, slug: string, now: number) {
  return tagged(loadVehiclePage(ctx, slug, now), (page) =>
    page ? [page.vehicle, ...page.similar].map((v) => pageTag.vehicle(ctx.site.id, v.id)) : [],
  );
}

function loadVehiclePage(ctx: SiteContext, slug: string, now: number) {
  return catalogue.cached(`vehicle:${ctx.site.id}:${slug}`, [siteTag(ctx.site.id)], async () => {
    const db = await getDb();
    const found = await getVehicleBySlug(db, ctx.site, slug, now);
    if (!found || found.hidden) return null;
    const [similar, reserved] = await Promise.all([
      listSimilarVehicles(db, ctx.site, found.vehicle, 4, now),
      // the store's hold on the car (a reservation clears this cache for the site)
      ctx.features.enable_store ? isVehicleReserved(db, ctx.site.id, found.vehicle.id, new Date(now)) : false,
    ]);
    return { ...found, similar, reserved };
  });
}

/** A shopper's saved cars that the site still shows (read fresh: a saved list is one shopper's). */
export async function savedStock(ctx: SiteContext, ids: readonly number[], now: number): Promise<Vehicle[]> {
  return listVisibleVehiclesByIds(await getDb(), ctx.site, ids, now);
}
