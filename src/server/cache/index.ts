import { env } from "@/server/env";
import { createCatalogueCache } from "./catalogue-cache";

export { siteTag } from "./catalogue-cache";
export const SITES_TAG = "sites";

const g = globalThis as unknown as { __catalogueCache?: ReturnType<typeof createCatalogueCache> };
/** The process's catalogue cache (one per process; TTL from CATALOGUE_CACHE_TTL_SECONDS). */
export const catalogue = (g.__catalogueCache ??= createCatalogueCache({ ttlMs: env().CATALOGUE_CACHE_TTL_SECONDS * 1000 }));
