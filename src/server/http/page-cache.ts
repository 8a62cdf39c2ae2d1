import "server-only";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { isPersonalPage, pageAge, pageCacheUrl } from "@/domain/http/page-cache";
import { fill, gzipFilled, makeTemplate, templateBytes, type BodyTemplate } from "./gzip-template";
import { isMediaType } from "@/domain/http/content-type";

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
 *   response for what that client accepts; each copy gets its own request's CSP nonce.
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
  /** the CSP nonce this request carries (its render uses it; a cached copy is rewritten to it) */
  nonceOf?: (req: IncomingMessage) => string | undefined;
  /** runs one render; the set fills with the tags its data reads record (src/server/cache/page-tags.ts) */
  track?: <T>(fn: () => T) => [T, Set<string>];
  /** draws a page again in the background (the server sends itself the request); settles when done */
  refresh?: (page: { host: string; url: string }) => Promise<unknown>;
  /** the server's own refresh request: always rendered and stored, never served from the cache */
  isRefresh?: (req: IncomingMessage) => boolean;
  /** how many of the most-served pages a purge took are drawn again at once (default 8) */
  rewarm?: number;
};

type Entry = {
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
type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

/** Headers not replayed from a stored response (per-connection, per-encoding or per-request). */
const NOT_STORED = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "vary",
  "x-cache",
  "content-security-policy",
]);
const NAVIGATION_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"];

const hostOf = (req: IncomingMessage) => String(req.headers.host ?? "").toLowerCase();

/** A page's entry: its host and its address with only the query parameters the page reads (pageCacheUrl). */
export function cacheKey(req: IncomingMessage): string {
  return `${hostOf(req)}|${pageCacheUrl(req.url ?? "/")}`;
}

/** gzip when the client takes it (q > 0), else identity. */
export function acceptsGzip(req: IncomingMessage): boolean {
  const header = String(req.headers["accept-encoding"] ?? "").toLowerCase();
  return header.split(",").some((part) => {
    const [coding, ...params] = part.trim().split(";");
    if (coding !== "gzip" && coding !== "*") return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

export function isCacheableRequest(req: IncomingMessage, sessionCookies: string[] = []): boolean {
  if (req.method !== "GET") return false;
  const url = req.url ?? "/";
  if (/^\/(api|mock|_next)\//.test(url) || /[?&]_rsc=/.test(url) || isPersonalPage(url)) return false;
  if (NAVIGATION_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  const cookie = String(req.headers.cookie ?? "");
  return !sessionCookies.some((name) => new RegExp(`(^|;\\s*)${name}=`).test(cookie));
}

/** The stored (identity) body, or null when the encoding is not one we can read back. */
function decode(body: Buffer, encoding: string): Buffer | null {
  try {
    switch (encoding.trim().toLowerCase()) {
      case "":
      case "identity":
        return body;
      case "gzip":
      case "x-gzip":
        return gunzipSync(body);
      case "deflate":
        return inflateSync(body);
      case "br":
        return brotliDecompressSync(body);
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/** The name the server remembers its page cache's figures by, for /api/health (which runs in Next's bundle). */
export const PAGE_CACHE_STATS = "page-cache-stats";

export function createPageCache(opts: PageCacheOptions) {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 2000;
  const maxBody = opts.maxBodyBytes ?? 2_000_000;
  const maxTotal = opts.maxTotalBytes ?? 64 * 1024 * 1024;
  const ages = { ttlMs: opts.ttlMs, freshMs: Math.min(opts.freshMs ?? opts.ttlMs, opts.ttlMs) };
  const rewarmCount = opts.rewarm ?? 8;
  // Kept by hand rather than by lru-cache: the eviction rule has two parts (a page served only once goes
  // before a page shoppers came back to, see victim()) and counts the bytes of the stored page, so a
  // crawler's long tail cannot push out the pages people use. lru-cache keeps one recency order.
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry | null>>();
  const refreshing = new Set<string>();
  const stats = { hits: 0, stale: 0, misses: 0, bypass: 0, refreshes: 0, purges: 0, purged: 0, rewarmed: 0, evicted: 0 };
  let totalBytes = 0;
  let kept = { count: 0, bytes: 0 }; // pages served again (the protected part)
  // recent purges, so that a render that began before one of its tags was purged is not stored
  let purgeSeq = 0;
  const purges: Array<{ seq: number; tags: Set<string> }> = [];
  const rewarmQueue: Entry[] = [];
  let rewarming = false;

  function remove(key: string) {
    const e = entries.get(key);
    if (!e) return;
    totalBytes -= e.bytes;
    if (e.hits > 0) kept = { count: kept.count - 1, bytes: kept.bytes - e.bytes };
    entries.delete(key);
  }

  function touch(key: string, e: Entry) {
    if (e.hits++ === 0) kept = { count: kept.count + 1, bytes: kept.bytes + e.bytes };
    entries.delete(key); // most recently used last
    entries.set(key, e);
  }

  /** The next page to let go: the least recently used one served once, unless pages served again fill the cache. */
  function victim(keep: string): string | undefined {
    const keptFull = kept.count > max * 0.8 || kept.bytes > maxTotal * 0.8;
    let first: string | undefined;
    for (const [k, e] of entries) {
      if (k === keep) continue;
      first ??= k;
      if (keptFull === e.hits > 0) return k;
    }
    return first;
  }

  function store(key: string, e: Entry) {
    remove(key);
    gzipFilled(e.template, undefined); // compress the page's parts once, now (after the first shopper has it)
    e.bytes = templateBytes(e.template);
    entries.set(key, e);
    totalBytes += e.bytes;
    for (const [k, old] of entries) if (pageAge(old.storedAt, now(), ages) === "expired") remove(k);
    while (entries.size > max || totalBytes > maxTotal) {
      const k = victim(key);
      if (k === undefined) break;
      remove(k);
      stats.evicted++;
    }
  }

  function send(req: IncomingMessage, res: ServerResponse, e: Entry, state: "HIT" | "STALE" | "MISS") {
    // this request's own nonce where the page had the one it was rendered with
    const nonce = opts.nonceOf?.(req);
    const gzip = acceptsGzip(req);
    const body = gzip ? gzipFilled(e.template, nonce) : Buffer.concat(fill(e.template, nonce));
    res.writeHead(e.status, {
      ...e.headers,
      ...(gzip ? { "content-encoding": "gzip" } : {}),
      vary: "Accept-Encoding",
      "content-length": body.length,
      age: String(Math.max(0, Math.floor((now() - e.storedAt) / 1000))),
      "x-cache": state,
    });
    res.end(req.method === "HEAD" ? undefined : body);
  }

  /** Runs Next for the request, streaming to the client as usual, and captures the response. */
  function render(handler: Handler, req: IncomingMessage, res: ServerResponse): Promise<Entry | null> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const write = res.write.bind(res) as (...a: unknown[]) => boolean;
      const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
      const keep = (chunk: unknown, encoding?: unknown) => {
        if (chunk === undefined || chunk === null || typeof chunk === "function") return;
        const b = Buffer.isBuffer(chunk)
          ? chunk
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : Buffer.from(String(chunk), typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
        size += b.length;
        if (size <= maxBody) chunks.push(b);
      };
      if (!res.headersSent) {
        res.setHeader("x-cache", "MISS");
        res.setHeader("vary", "Accept-Encoding");
      }
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        const headers = res.getHeaders();
        const type = String(headers["content-type"] ?? "");
        let entry: Entry | null = null;
        if (res.statusCode === 200 && !headers["set-cookie"] && isMediaType(type, "text/html") && size <= maxBody) {
          const body = decode(Buffer.concat(chunks), String(headers["content-encoding"] ?? ""));
          if (body && body.length <= maxBody) {
            const stored: OutgoingHttpHeaders = {};
            for (const [k, v] of Object.entries(headers)) if (!NOT_STORED.has(k) && v !== undefined) stored[k] = v;
            entry = {
              status: 200,
              headers: stored,
              template: makeTemplate(body, opts.nonceOf?.(req)),
              storedAt: now(),
              bytes: body.length,
              tags: [],
              hits: 0,
              key: cacheKey(req),
              host: hostOf(req),
              // drawn again without the parameters the page does not read (one shopper's gclid)
              url: pageCacheUrl(req.url ?? "/"),
            };
          }
        }
        resolve(entry);
        return end(chunk, ...rest);
      }) as typeof res.end;
      res.once("close", () => resolve(null));
      Promise.resolve(handler(req, res)).catch(() => resolve(null));
    });
  }

  /** Whether a purge since `seq` touched any of these tags (or so many purges passed that we cannot tell). */
  function purgedSince(seq: number, tags: string[]): boolean {
    if (purgeSeq === seq) return false;
    if (!purges.length || purges[0]!.seq > seq + 1) return true;
    return purges.some((p) => p.seq > seq && tags.some((t) => p.tags.has(t)));
  }

  async function renderAndStore(handler: Handler, req: IncomingMessage, res: ServerResponse, key: string) {
    const seq = purgeSeq;
    const [p, tags] = opts.track ? opts.track(() => render(handler, req, res)) : [render(handler, req, res), new Set<string>()];
    inflight.set(key, p);
    const e = await p;
    if (inflight.get(key) === p) inflight.delete(key);
    if (!e) return void remove(key); // the page is gone or failed: no copy of it either
    e.tags.push(...tags);
    if (!purgedSince(seq, e.tags)) store(key, e);
  }

  /** Has the server send itself the page's request (stored again by renderAndStore); settles when drawn. */
  function drawAgain(e: Entry): Promise<void> {
    refreshing.add(e.key);
    return opts.refresh!({ host: e.host, url: e.url })
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => refreshing.delete(e.key));
  }

  const busy = (key: string) => refreshing.has(key) || inflight.has(key);

  function refreshInBackground(e: Entry) {
    if (!opts.refresh || busy(e.key)) return;
    stats.refreshes++;
    void drawAgain(e);
  }

  /** Draws the most-served purged pages again, one at a time (never more than 100 waiting). */
  function rewarm(gone: Entry[]) {
    if (!opts.refresh || rewarmCount <= 0) return;
    const top = gone.filter((e) => e.hits > 0).sort((a, b) => b.hits - a.hits);
    rewarmQueue.push(...top.slice(0, rewarmCount));
    rewarmQueue.splice(0, Math.max(0, rewarmQueue.length - 100));
    if (rewarming) return;
    rewarming = true;
    void (async () => {
      for (let e = rewarmQueue.shift(); e; e = rewarmQueue.shift()) {
        if (entries.has(e.key) || busy(e.key)) continue; // a shopper drew it already
        stats.rewarmed++;
        await drawAgain(e);
      }
      rewarming = false;
    })();
  }

  /** Every stored page under any of these tags goes now; the most served are drawn again. */
  function purge(tags: readonly string[]) {
    if (!tags.length) return;
    const set = new Set(tags);
    purges.push({ seq: ++purgeSeq, tags: set });
    purges.splice(0, Math.max(0, purges.length - 64));
    stats.purges++;
    const gone: Entry[] = [];
    for (const [k, e] of entries)
      if (e.tags.some((t) => set.has(t))) {
        gone.push(e);
        remove(k);
      }
    stats.purged += gone.length;
    rewarm(gone);
  }

  /** Draws of a page's own address asked for by requests that carried parameters it does not read. */
  const cleanDraws = new Map<string, Promise<void>>();

  async function handle(handler: Handler, req: IncomingMessage, res: ServerResponse) {
    if (opts.ttlMs <= 0 || !isCacheableRequest(req, opts.sessionCookies)) {
      stats.bypass++;
      return handler(req, res);
    }
    const key = cacheKey(req);
    if (opts.isRefresh?.(req)) return renderAndStore(handler, req, res, key);
    const hit = entries.get(key);
    const state = hit ? pageAge(hit.storedAt, now(), ages) : "expired";
    if (hit && state !== "expired") {
      touch(key, hit);
      if (state === "fresh") {
        stats.hits++;
        return send(req, res, hit, "HIT");
      }
      stats.stale++;
      send(req, res, hit, "STALE");
      return refreshInBackground(hit);
    }
    const pending = inflight.get(key);
    if (pending) {
      const e = await pending;
      if (e) {
        stats.hits++;
        return send(req, res, e, "HIT");
      }
      stats.misses++;
      return handler(req, res);
    }
    const url = req.url ?? "/";
    const clean = pageCacheUrl(url);
    if (clean !== url) {
      // A copy is only ever drawn from the page's own address. Next writes the address it rendered
      // into the page's data, so a copy drawn under this one would carry its extra parameters (one
      // shopper's gclid, or whatever a stranger typed) to every later visitor: the page's own address
      // is drawn (once, however many such requests come) and kept, and this visitor is served that.
      let drawing = cleanDraws.get(key);
      if (!drawing && opts.refresh) {
        drawing = opts
          .refresh({ host: hostOf(req), url: clean })
          .then(
            () => undefined,
            () => undefined,
          )
          .finally(() => cleanDraws.delete(key));
        cleanDraws.set(key, drawing);
      }
      if (drawing) {
        await drawing;
        const drawn = entries.get(key);
        if (drawn) return send(req, res, drawn, "MISS");
      }
      stats.misses++;
      res.setHeader("x-cache", "MISS");
      return handler(req, res); // not kept: drawn for this visitor alone
    }
    stats.misses++;
    return renderAndStore(handler, req, res, key);
  }

  /** What /api/health reports. */
  function snapshot() {
    const served = stats.hits + stats.stale + stats.misses;
    return {
      entries: entries.size,
      bytes: totalBytes,
      maxEntries: max,
      maxBytes: maxTotal,
      freshSeconds: ages.freshMs / 1000,
      ttlSeconds: ages.ttlMs / 1000,
      ...stats,
      hitRatio: served ? Math.round(((stats.hits + stats.stale) / served) * 1000) / 1000 : null,
    };
  }

  return {
    handle,
    stats,
    purge,
    snapshot,
    clear: () => {
      entries.clear();
      totalBytes = 0;
      kept = { count: 0, bytes: 0 };
    },
    size: () => entries.size,
    bytes: () => totalBytes,
  };
}
