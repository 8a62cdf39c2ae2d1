import "server-only";
import { env } from "@/server/env";
import { createCatalogueCache } from "./catalogue-cache";

import { siteTag } from "./catalogue-cache";

export { siteTag };
export const SITES_TAG = "sites";

const g = globalThis as unknown as { __catalogueCache?: ReturnType<typeof createCatalogueCache> };
/** The process's catalogue cache (one per process; TTL from CATALOGUE_CACHE_TTL_SECONDS). */
export const catalogue = (g.__catalogueCache ??= createCatalogueCache({ ttlMs: env().CATALOGUE_CACHE_TTL_SECONDS * 1000 }));

/**
 * Call after writing a site's catalogue data (record, locations, stock, reviews, hours): this
 * process's cached reads of those sites, and every site context, are dropped at once. Other
 * processes see the change within CATALOGUE_CACHE_TTL_SECONDS.
 */
export function catalogueChanged(siteIds: readonly number[]): void {
  catalogue.invalidateTag(SITES_TAG);
  for (const id of siteIds) catalogue.invalidateTag(siteTag(id));
}
