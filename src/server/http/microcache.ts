import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";

/**
 * A short-lived cache of whole HTML responses for anonymous GET requests, in front of Next.
 *
 * Our pages are the same for every shopper (favourites live in the browser), so a page rendered
 * for one can be served to the next for a few seconds, like an nginx microcache. Only 200 text/html
 * responses without Set-Cookie are kept; POSTs, API routes, Next's RSC/navigation requests and
 * requests with a session cookie always reach Next. Concurrent misses for one URL render once.
 */
export type MicrocacheOptions = {
  ttlMs: number;
  maxEntries?: number;
  maxBodyBytes?: number;
  now?: () => number;
  /** cookies that mark a personalised request (never cached) */
  sessionCookies?: string[];
};

type Entry = { status: number; headers: OutgoingHttpHeaders; body: Buffer; expires: number };
type Handler = (req: IncomingMessage, res: ServerResponse) => unknown;

const HOP_HEADERS = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length"]);
const NAVIGATION_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"];

export function cacheKey(req: IncomingMessage): string {
  const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? "")) ? "gzip" : "identity";
  return `${String(req.headers.host ?? "").toLowerCase()}|${req.url}|${gzip}`;
}

export function isCacheableRequest(req: IncomingMessage, sessionCookies: string[] = []): boolean {
  if (req.method !== "GET") return false;
  const url = req.url ?? "/";
  if (/^\/(api|_next)\//.test(url) || /[?&]_rsc=/.test(url)) return false;
  if (NAVIGATION_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  const cookie = String(req.headers.cookie ?? "");
  return !sessionCookies.some((name) => new RegExp(`(^|;\\s*)${name}=`).test(cookie));
}

export function createMicrocache(opts: MicrocacheOptions) {
  const now = opts.now ?? Date.now;
  const max = opts.maxEntries ?? 2000;
  const maxBody = opts.maxBodyBytes ?? 2_000_000;
  const entries = new Map<string, Entry>();
  const inflight = new Map<string, Promise<Entry | null>>();
  const stats = { hits: 0, misses: 0, bypass: 0 };

  function send(res: ServerResponse, e: Entry, state: "HIT" | "MISS") {
    res.writeHead(e.status, { ...e.headers, "content-length": e.body.length, "x-cache": state });
    res.end(e.body);
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
        const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
        size += b.length;
        if (size <= maxBody) chunks.push(b);
      };
      if (!res.headersSent) res.setHeader("x-cache", "MISS");
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        return write(chunk, ...rest);
      }) as typeof res.write;
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        keep(chunk, rest[0]);
        const headers = res.getHeaders();
        const type = String(headers["content-type"] ?? "");
        const ok = res.statusCode === 200 && !headers["set-cookie"] && type.startsWith("text/html") && size <= maxBody;
        const stored: OutgoingHttpHeaders = {};
        for (const [k, v] of Object.entries(headers)) if (!HOP_HEADERS.has(k) && k !== "x-cache" && v !== undefined) stored[k] = v;
        resolve(ok ? { status: 200, headers: stored, body: Buffer.concat(chunks), expires: now() + opts.ttlMs } : null);
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
      return send(res, hit, "HIT");
    }
    const pending = inflight.get(key);
    if (pending) {
      const e = await pending;
      if (e) {
        stats.hits++;
        return send(res, e, "HIT");
      }
      stats.misses++;
      return handler(req, res);
    }
    stats.misses++;
    const p = render(handler, req, res);
    inflight.set(key, p);
    const e = await p;
    inflight.delete(key);
    if (e) {
      entries.delete(key);
      entries.set(key, e);
      while (entries.size > max) entries.delete(entries.keys().next().value!);
    } else {
      entries.delete(key);
    }
  }

  return { handle, stats, purge: () => entries.clear(), size: () => entries.size };
}
