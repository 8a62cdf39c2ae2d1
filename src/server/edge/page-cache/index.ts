import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pageAge, pageCacheUrl } from "@/domain/http/page-cache";
import type { EdgeResponse } from "../response";
import { createEntries, type Entry } from "./entries";
import { fill, gzipFilled } from "./gzip-template";
import { acceptsGzip, cacheKey, hostOf, isCacheableRequest } from "./key";
import { createPurgeLog } from "./purges";
import { createRedraws } from "./redraw";
import { createRender } from "./render";
import type { SharedTier } from "./shared";

export { acceptsGzip, cacheKey, isCacheableRequest } from "./key";
export { MAX_HASHED_SCRIPTS } from "./copy";

/**
 * The full-page cache, in front of Next (it grew from ADR 0005's 15-second microcache).
 *
 * Our pages are the same for every shopper (favourites live in the browser), so a page drawn for one
 * is served to the next. Only 200 text/html answers without Set-Cookie are kept; POSTs, API routes,
 * Next's RSC/navigation requests, requests with a session cookie and personal pages (checkout,
 * garage, a password reset: src/domain/http/page-cache.ts) always reach Next.
 *
 * - **Kept for hours, purged by what changed.** A page is stored under the tags its render's data
 *   reads recorded (`site:`, `stock:`, `vehicle:`; src/server/cache/page-tags.ts). A change purges
 *   its tags at once, in every process (src/server/cache: LISTEN/NOTIFY between processes); a render
 *   that began before a purge of its tags is not stored. The most-served pages that a purge took
 *   are drawn again in the background, one at a time (re-warm).
 * - **Served stale while one request re-draws it.** After `freshMs` a page is still served (x-cache:
 *   STALE) while one background request draws it again; after `ttlMs` it is drawn for the shopper.
 *   The fresh window bounds what no write announces: time (an offer ending, "New Arrival" ageing).
 * - **A crawler cannot flush it.** Pages served again are kept ahead of pages served once: a new page
 *   pushes out the least recently used page nobody came back to, and a page that was served again
 *   goes only when such pages fill more than 80% of the cache. Bounded by entries and by bytes.
 * - **Keyed by what the page reads.** The key is the host, the path and only the query parameters
 *   the page type reads (src/domain/http/page-cache.ts), so tracking and made-up parameters are
 *   served the stored copy instead of each filling an entry.
 * - Concurrent misses for one URL render once. Bodies are stored uncompressed and compressed per
 *   response for what that client accepts.
 * - **One copy for everyone.** The first answer streams from Next with its request's CSP nonce (its
 *   headers leave before its scripts are known); the stored copy drops that nonce and carries a CSP
 *   of its own, allowing its inline scripts by their sha256 (docs/decisions/0019-shared-page-cache-and-hash-csp.md),
 *   so every later answer, in any process, is the same bytes and headers.
 */
export type PageCacheOptions = {
  /** the longest a copy is served (0: the cache is off) */
  ttlMs: number;
  /** a copy older than this is served while one request draws it again (default: ttlMs, never stale) */
  freshMs?: number;
  maxEntries?: number;
  maxBodyBytes?: number;
  /** all stored bodies together */
  maxTotalBytes?: number;
  now?: () => number;
  /** cookies that mark a personalised request (never cached) */
  sessionCookies?: string[];
  /** the CSP nonce this request carries (its render uses it) */
  nonceOf?: (req: IncomingMessage) => string | undefined;
  /**
   * The CSP a stored copy of this request's page is served with, allowing its inline scripts by
   * these hashes (../request.ts hashPolicyOf): the copy is then the same bytes for every request. Without
   * it (or when it gives nothing) a copy is a template each response fills with its own nonce.
   */
  hashPolicy?: (req: IncomingMessage, hashes: readonly string[]) => string | undefined;
  /** runs one render; the set fills with the tags its data reads record (src/server/cache/page-tags.ts) */
  track?: <T>(fn: () => T) => [T, Set<string>];
  /** draws a page again in the background (the server sends itself the request); settles when done */
  refresh?: (page: { host: string; url: string }) => Promise<unknown>;
  /** the server's own refresh request: always rendered and stored, never served from the cache */
  isRefresh?: (req: IncomingMessage) => boolean;
  /** how many of the most-served pages a purge took are drawn again at once (default 8) */
  rewarm?: number;
  /**
   * The tier every process shares (shared.ts), behind this one: a miss here looks there
   * before drawing the page, and a copy drawn is stored in both. Its purges are made where a change
   * is announced (../announce.ts), not by `purge` here.
   */
  shared?: SharedTier;
};

export type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** The name the server remembers its page cache's figures by, for /api/health (which runs in Next's bundle). */
export const PAGE_CACHE_STATS = "page-cache-stats";

/** What the cache's parts share: its options, its stored copies, the purge log, the renders under way and the figures. */
export type CacheState = ReturnType<typeof cacheState>;

function cacheState(opts: PageCacheOptions) {
  const now = opts.now ?? Date.now;
  const ages = { ttlMs: opts.ttlMs, freshMs: Math.min(opts.freshMs ?? opts.ttlMs, opts.ttlMs) };
  const entries = createEntries({ maxEntries: opts.maxEntries ?? 2000, maxBytes: opts.maxTotalBytes ?? 64 * 1024 * 1024, ages, now });
  const stats = {
    hits: 0,
    stale: 0,
    misses: 0,
    bypass: 0,
    refreshes: 0,
    purges: 0,
    purged: 0,
    rewarmed: 0,
    evicted: 0,
    sharedHits: 0,
    sharedRefreshes: 0,
  };
  return {
    opts,
    now,
    ages,
    maxBody: opts.maxBodyBytes ?? 2_000_000,
    entries,
    purges: createPurgeLog(now),
    inflight: new Map<string, Promise<Entry | null>>(),
    stats,
    /** what hashing stored copies' scripts costs (the ADR's figure) */
    hashing: { pages: 0, ms: 0, headerBytes: 0 },
    store: (key: string, e: Entry) => void (stats.evicted += entries.store(key, e)),
  };
}

function send(cache: CacheState, req: IncomingMessage, res: ServerResponse, e: Entry, state: "HIT" | "STALE" | "MISS") {
  // this request's own nonce where the page had the one it was rendered with
  const nonce = cache.opts.nonceOf?.(req);
  const gzip = acceptsGzip(req);
  const body = gzip ? gzipFilled(e.template, nonce) : Buffer.concat(fill(e.template, nonce));
  res.writeHead(e.status, {
    ...e.headers,
    ...(gzip ? { "content-encoding": "gzip" } : {}),
    vary: "Accept-Encoding",
    "content-length": body.length,
    age: String(Math.max(0, Math.floor((cache.now() - e.storedAt) / 1000))),
    "x-cache": state,
  });
  res.end(req.method === "HEAD" ? undefined : body);
}

/** What /api/health reports. */
function snapshot({ opts, ages, entries, stats, hashing }: CacheState) {
  const served = stats.hits + stats.stale + stats.sharedHits + stats.misses;
  return {
    entries: entries.size(),
    bytes: entries.bytes(),
    maxEntries: opts.maxEntries ?? 2000,
    maxBytes: opts.maxTotalBytes ?? 64 * 1024 * 1024,
    freshSeconds: ages.freshMs / 1000,
    ttlSeconds: ages.ttlMs / 1000,
    ...stats,
    hitRatio: served ? Math.round(((stats.hits + stats.stale + stats.sharedHits) / served) * 1000) / 1000 : null,
    // copies stored with a hash CSP: how many, the mean time to hash one and its CSP header's mean size
    hashed: hashing.pages,
    hashMsPerPage: hashing.pages ? Math.round((hashing.ms / hashing.pages) * 1000) / 1000 : null,
    cspBytesPerPage: hashing.pages ? Math.round(hashing.headerBytes / hashing.pages) : null,
    ...(opts.shared ? { shared: opts.shared.snapshot() } : {}),
  };
}

/**
 * The cache's request handling: serve a stored copy, or the shared tier's, or draw the page (once
 * for concurrent misses) and keep it; purges by tag. Drawing and keeping a page is render.ts, the
 * background draws that refill what a purge or age took redraw.ts, storage and eviction entries.ts,
 * the purge log purges.ts, what a copy is copy.ts, the key key.ts.
 */
export function createPageCache(opts: PageCacheOptions) {
  const cache = cacheState(opts);
  const { now, ages, entries, purges, inflight, stats } = cache;
  const renderAndStore = createRender(cache);
  const redraws = createRedraws(cache);

  /**
   * Every stored page under any of these tags goes now; the most served are drawn again. With
   * `sharedStale` (the change's delete from the shared tier failed), the shared tier's copies under
   * these tags are not used for the fresh window either: the page is drawn instead.
   */
  function purge(tags: readonly string[], how: { sharedStale?: boolean } = {}) {
    if (!tags.length) return;
    if (how.sharedStale) purges.distrust(tags, ages.freshMs);
    const set = new Set(tags);
    purges.record(set);
    stats.purges++;
    const gone = entries.removeTagged(set);
    stats.purged += gone.length;
    redraws.rewarm(gone);
  }

  async function handle(handler: Handler, req: IncomingMessage, res: EdgeResponse) {
    if (opts.ttlMs <= 0 || !isCacheableRequest(req, opts.sessionCookies)) {
      stats.bypass++;
      return handler(req, res);
    }
    const key = cacheKey(req);
    if (opts.isRefresh?.(req)) return renderAndStore(handler, req, res, key);
    if (serveStored(req, res, key)) return;
    const pending = inflight.get(key);
    if (pending) return serveInflight(handler, req, res, pending);
    let sharedSeq: number | null | undefined;
    if (opts.shared) {
      const found = await redraws.fromShared(opts.shared, key, hostOf(req), pageCacheUrl(req.url ?? "/"));
      if (found.entry) stats.sharedHits++;
      if (serveStored(req, res, key, found.entry ? "shared" : "here")) return;
      const drawing = inflight.get(key); // another request began drawing it meanwhile
      if (drawing) return serveInflight(handler, req, res, drawing);
      sharedSeq = found.seq;
    }
    const url = req.url ?? "/";
    const clean = pageCacheUrl(url);
    if (clean !== url) {
      // A copy is only ever drawn from the page's own address. Next writes the address it rendered
      // into the page's data, so a copy drawn under this one would carry its extra parameters (one
      // shopper's gclid, or whatever a stranger typed) to every later visitor: the page's own address
      // is drawn (once, however many such requests come) and kept, and this visitor is served that.
      const drawing = redraws.drawOwnAddress(key, hostOf(req), clean);
      if (drawing) {
        await drawing;
        const drawn = entries.get(key);
        if (drawn) return send(cache, req, res, drawn, "MISS");
      }
      stats.misses++;
      res.setHeader("x-cache", "MISS");
      return handler(req, res); // not kept: drawn for this visitor alone
    }
    stats.misses++;
    return renderAndStore(handler, req, res, key, sharedSeq);
  }

  /** Serves the stored copy unless it has expired (a stale one while one request draws it again); false when there is none. */
  function serveStored(req: IncomingMessage, res: ServerResponse, key: string, from: "here" | "shared" = "here"): boolean {
    const hit = entries.get(key);
    const state = hit ? pageAge(hit.storedAt, now(), ages) : "expired";
    if (!hit || state === "expired") return false;
    entries.touch(key, hit);
    if (state === "fresh") {
      if (from === "here") stats.hits++;
      send(cache, req, res, hit, "HIT");
      return true;
    }
    if (from === "here") stats.stale++;
    send(cache, req, res, hit, "STALE");
    redraws.refreshInBackground(hit);
    return true;
  }

  async function serveInflight(handler: Handler, req: IncomingMessage, res: ServerResponse, pending: Promise<Entry | null>) {
    const e = await pending;
    if (e) {
      stats.hits++;
      return send(cache, req, res, e, "HIT");
    }
    stats.misses++;
    return handler(req, res);
  }

  return { handle, stats, purge, snapshot: () => snapshot(cache), clear: entries.clear, size: entries.size, bytes: entries.bytes };
}
