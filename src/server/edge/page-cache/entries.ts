import "server-only";
import type { OutgoingHttpHeaders } from "node:http";
import { pageAge } from "@/domain/http/page-cache";
import { gzipFilled, templateBytes, type BodyTemplate } from "./gzip-template";

/** A stored page. */
export type Entry = {
  status: number;
  headers: OutgoingHttpHeaders;
  template: BodyTemplate;
  storedAt: number;
  bytes: number;
  tags: string[];
  /** times served from the cache (a page served again is kept ahead of one served once) */
  hits: number;
  /** what it is stored under (cacheKey), and the host and address to draw it again with */
  key: string;
  host: string;
  url: string;
};

/**
 * The stored pages, bounded by count and bytes. Kept by hand rather than by lru-cache: the eviction
 * rule has two parts (a page served only once goes before a page shoppers came back to, see
 * victim()) and counts the bytes of the stored page, so a crawler's long tail cannot push out the
 * pages people use. lru-cache keeps one recency order.
 */
export function createEntries(opts: { maxEntries: number; maxBytes: number; ages: { freshMs: number; ttlMs: number }; now: () => number }) {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;
  let kept = { count: 0, bytes: 0 }; // pages served again (the protected part)

  function remove(key: string) {
    const e = entries.get(key);
    if (!e) return;
    totalBytes -= e.bytes;
    if (e.hits > 0) kept = { count: kept.count - 1, bytes: kept.bytes - e.bytes };
    entries.delete(key);
  }

  /** Counts a serving of the page and makes it the most recently used. */
  function touch(key: string, e: Entry) {
    if (e.hits++ === 0) kept = { count: kept.count + 1, bytes: kept.bytes + e.bytes };
    entries.delete(key); // most recently used last
    entries.set(key, e);
  }

  /** The next page to let go: the least recently used one served once, unless pages served again fill the cache. */
  function victim(keep: string): string | undefined {
    const keptFull = kept.count > opts.maxEntries * 0.8 || kept.bytes > opts.maxBytes * 0.8;
    let first: string | undefined;
    for (const [k, e] of entries) {
      if (k === keep) continue;
      first ??= k;
      if (keptFull === e.hits > 0) return k;
    }
    return first;
  }

  /** Stores the page (its parts compressed now, once), drops expired ones, and evicts while over a bound; returns how many it evicted. */
  function store(key: string, e: Entry): number {
    let evicted = 0;
    remove(key);
    gzipFilled(e.template, undefined);
    e.bytes = templateBytes(e.template);
    entries.set(key, e);
    totalBytes += e.bytes;
    for (const [k, old] of entries) if (pageAge(old.storedAt, opts.now(), opts.ages) === "expired") remove(k);
    while (entries.size > opts.maxEntries || totalBytes > opts.maxBytes) {
      const k = victim(key);
      if (k === undefined) break;
      remove(k);
      evicted++;
    }
    return evicted;
  }

  /** Removes every page under any of these tags and gives them back. */
  function removeTagged(tags: ReadonlySet<string>): Entry[] {
    const gone: Entry[] = [];
    for (const [k, e] of entries)
      if (e.tags.some((t) => tags.has(t))) {
        gone.push(e);
        remove(k);
      }
    return gone;
  }

  return {
    get: (key: string) => entries.get(key),
    has: (key: string) => entries.has(key),
    store,
    remove,
    touch,
    removeTagged,
    clear: () => {
      entries.clear();
      totalBytes = 0;
      kept = { count: 0, bytes: 0 };
    },
    size: () => entries.size,
    bytes: () => totalBytes,
  };
}
