import "server-only";
import { LRUCache } from "lru-cache";
/**
 * In-process cache for catalogue reads (site context, search results), keyed and tagged per site.
 *
 * Next's `'use cache'` needs `cacheComponents`, which prerenders at build time — and no build step
 * may touch the embedded database (docs/design.md). So catalogue reads are memoised here instead: a short
 * TTL bounds staleness across processes, and `invalidateTag("site:<id>")` drops a site's entries at
 * once when its stock or record changes in this process. Values are shared: callers never mutate them.
 */
type Entry = { value: Promise<unknown>; expires: number; tags: string[] };

export function createCatalogueCache(opts: { ttlMs: number; maxEntries?: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 5000;
  const entries = new LRUCache<string, Entry>({ max }); // past the bound the least recently used leaves
  const stats = { hits: 0, misses: 0 };

  function cached<T>(key: string, tags: string[], load: () => Promise<T>): Promise<T> {
    if (opts.ttlMs <= 0) return load();
    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      stats.hits++;
      return hit.value as Promise<T>;
    }
    stats.misses++;
    const value = load();
    entries.set(key, { value, expires: now() + opts.ttlMs, tags });
    value.catch(() => entries.delete(key)); // never cache a failure
    return value;
  }

  function invalidateTag(tag: string) {
    for (const [k, e] of [...entries.entries()]) if (e.tags.includes(tag)) entries.delete(k);
  }

  return { cached, invalidateTag, stats, size: () => entries.size, clear: () => entries.clear() };
}

export const siteTag = (siteId: number) => `site:${siteId}`;
