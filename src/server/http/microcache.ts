import "server-only";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { fill, gzipFilled, makeTemplate, templateBytes, type BodyTemplate } from "./gzip-template";

/**
 * A short-lived cache of whole HTML responses for anonymous GET requests, in front of Next.
 *
 * Our pages are the same for every shopper (favourites live in the browser), so a page rendered
 * for one can be served to the next for a few seconds, like an nginx microcache. Only 200 text/html
 * responses without Set-Cookie are kept; POSTs, API routes, Next's RSC/navigation requests and
 * requests with a session cookie always reach Next. Concurrent misses for one URL render once.
 *
 * Bodies are stored uncompressed (whatever encoding Next chose is decoded once) and compressed
 * per response for what that client accepts, so a client can never be served an encoding it did
 * not ask for. Each served copy gets the nonce of its own request in place of the one it was
 * rendered with (the Content-Security-Policy nonce is never replayed). Memory is bounded by
 * entries and by bytes.
 */
export type MicrocacheOptions = {
  ttlMs: number;
  maxEntries?: number;
  maxBodyBytes?: number;
  /** all stored bodies together */
  maxTotalBytes?: number;
  now?: () => number;
  /** cookies that mark a personalised request (never cached) */
  sessionCookies?: string[];
  /** the CSP nonce this request carries (its render uses it; a cached copy is rewritten to it) */
  nonceOf?: (req: IncomingMessage) => string | undefined;
};

type Entry = { status: number; headers: OutgoingHttpHeaders; template: BodyTemplate; expires: number; bytes: number };
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

export function cacheKey(req: IncomingMessage): string {
  return `${String(req.headers.host ?? "").toLowerCase()}|${req.url}`;
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
  if (/^\/(api|mock|_next)\//.test(url) || /[?&]_rsc=/.test(url)) return false;
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

export function createMicrocache(opts: MicrocacheOptions) {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 2000;
  const maxBody = opts.maxBodyBytes ?? 2_000_000;
  const maxTotal = opts.maxTotalBytes ?? 64 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry | null>>();
  const stats = { hits: 0, misses: 0, bypass: 0 };
  let totalBytes = 0;

  function remove(key: string) {
    const e = entries.get(key);
    if (e) totalBytes -= e.bytes;
    entries.delete(key);
  }

  function store(key: string, e: Entry) {
    remove(key);
    gzipFilled(e.template, undefined); // compress the page's parts once, now (after the first shopper has it)
    e.bytes = templateBytes(e.template);
    entries.set(key, e);
    totalBytes += e.bytes;
    for (const [k, old] of entries) {
      if (entries.size <= max && totalBytes <= maxTotal && old.expires > now()) break;
      if (k === key && entries.size === 1) break;
      remove(k); // oldest first (insertion order = least recently used), and anything expired on the way
    }
  }

  function send(req: IncomingMessage, res: ServerResponse, e: Entry) {
    // this request's own nonce where the page had the one it was rendered with
    const nonce = opts.nonceOf?.(req);
    const gzip = acceptsGzip(req);
    const body = gzip ? gzipFilled(e.template, nonce) : Buffer.concat(fill(e.template, nonce));
    res.writeHead(e.status, {
      ...e.headers,
      ...(gzip ? { "content-encoding": "gzip" } : {}),
      vary: "Accept-Encoding",
      "content-length": body.length,
      "x-cache": "HIT",
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
        if (res.statusCode === 200 && !headers["set-cookie"] && type.startsWith("text/html") && size <= maxBody) {
          const body = decode(Buffer.concat(chunks), String(headers["content-encoding"] ?? ""));
          if (body && body.length <= maxBody) {
            const stored: OutgoingHttpHeaders = {};
            for (const [k, v] of Object.entries(headers)) if (!NOT_STORED.has(k) && v !== undefined) stored[k] = v;
            entry = {
              status: 200,
              headers: stored,
              template: makeTemplate(body, opts.nonceOf?.(req)),
              expires: now() + opts.ttlMs,
              bytes: body.length,
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

  async function handle(handler: Handler, req: IncomingMessage, res: ServerResponse) {
    if (opts.ttlMs <= 0 || !isCacheableRequest(req, opts.sessionCookies)) {
      stats.bypass++;
      return handler(req, res);
    }
    const key = cacheKey(req);
    const hit = entries.get(key);
    if (hit && hit.expires > now()) {
      stats.hits++;
      entries.delete(key); // refresh LRU position
      entries.set(key, hit);
      return send(req, res, hit);
    }
    const pending = inflight.get(key);
    if (pending) {
      const e = await pending;
      if (e) {
        stats.hits++;
        return send(req, res, e);
      }
      stats.misses++;
      return handler(req, res);
    }
    stats.misses++;
    const p = render(handler, req, res);
    inflight.set(key, p);
    const e = await p;
    inflight.delete(key);
    if (e) store(key, e);
    else remove(key);
  }

  return { handle, stats, purge: () => (entries.clear(), (totalBytes = 0)), size: () => entries.size, bytes: () => totalBytes };
}
