import "server-only";
import { env } from "@/server/env";
import { createCatalogueCache } from "./catalogue-cache";

import { siteTag } from "./catalogue-cache";

export { siteTag };
export const SITES_TAG = "sites";

const g = globalThis as unknown as {
  __catalogueCache?: ReturnType<typeof createCatalogueCache>;
  __purgePageCache?: () => void;
  __publishChange?: (siteIds: readonly number[]) => void;
};
/** The process's catalogue cache (one per process; TTL from CATALOGUE_CACHE_TTL_SECONDS). */
export const catalogue = (g.__catalogueCache ??= createCatalogueCache({ ttlMs: env().CATALOGUE_CACHE_TTL_SECONDS * 1000 }));

/**
 * Call after writing a site's catalogue data (record, locations, stock, reviews, hours, a car's
 * reservation): this process's cached reads of those sites, every site context and the pages its
 * page cache holds (scripts/server.ts registers it) are dropped at once. On PostgreSQL the other
 * processes are told at once (LISTEN/NOTIFY, change-bus.ts); without the notice they see the change
 * within CATALOGUE_CACHE_TTL_SECONDS plus HTTP_CACHE_TTL_SECONDS.
 */
export function catalogueChanged(siteIds: readonly number[]): void {
  dropLocally(siteIds);
  g.__publishChange?.(siteIds);
}

/** This process's caches of these sites (and every site context, and the page cache) dropped. */
export function dropLocally(siteIds: readonly number[]): void {
  catalogue.invalidateTag(SITES_TAG);
  for (const id of siteIds) catalogue.invalidateTag(siteTag(id));
  g.__purgePageCache?.();
}

/** On PostgreSQL the server registers how to tell the other processes (change-bus.ts). */
export function onCatalogueChangePublish(publish: (siteIds: readonly number[]) => void): void {
  g.__publishChange = publish;
}

/** The server's page cache registers how to empty it (the cache lives in the server, not in Next's bundle). */
export function onCatalogueChange(purge: () => void): void {
  g.__purgePageCache = purge;
}
