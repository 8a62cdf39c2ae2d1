import "server-only";
import type { IncomingMessage } from "node:http";
import { keyedOnUnknownCar } from "@/domain/http/page-cache";
import type { EdgeResponse } from "../response";
import { entryFromRender, storedCopy } from "./copy";
import type { Entry } from "./entries";
import { gzipFilled } from "./gzip-template";
import type { CacheState, Handler } from "./index";

/**
 * Drawing a page and keeping it: Next answers the request as usual while its body is read, and the
 * copy is stored here (and in the shared tier) unless a purge of its tags overtook the render.
 */
export function createRender(cache: CacheState) {
  const { opts, now, maxBody, entries, purges, inflight, hashing } = cache;

  /** The stored copy of this render's body (copy.ts), timing the hashing of its scripts. */
  function copyOf(req: IncomingMessage, body: Buffer) {
    const began = performance.now();
    const hashPolicy = opts.hashPolicy;
    const copy = storedCopy(body, opts.nonceOf?.(req), hashPolicy && ((hashes) => hashPolicy(req, hashes)));
    if (copy.policy) {
      hashing.pages++;
      hashing.ms += performance.now() - began;
      hashing.headerBytes += copy.policy.length;
    }
    return copy;
  }

  /** Runs Next for the request, streaming to the client as usual, and reads the answer as it goes (the response's body tap). */
  function render(handler: Handler, req: IncomingMessage, res: EdgeResponse): Promise<Entry | null> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      let size = 0;
      if (!res.headersSent) {
        res.setHeader("x-cache", "MISS");
        res.setHeader("vary", "Accept-Encoding");
      }
      res.tapBody({
        chunk: (b) => {
          size += b.length;
          if (size <= maxBody) chunks.push(b);
        },
        end: () => {
          const answer = { status: res.statusCode, headers: res.getHeaders(), body: size <= maxBody ? Buffer.concat(chunks) : null };
          resolve(entryFromRender(req, answer, { maxBody, now: now(), copy: (body) => copyOf(req, body) }));
        },
      });
      res.once("close", () => resolve(null));
      Promise.resolve(handler(req, res)).catch(() => resolve(null));
    });
  }

  return async function renderAndStore(handler: Handler, req: IncomingMessage, res: EdgeResponse, key: string, sharedSeq?: number | null) {
    const seq = purges.seq();
    // the shared tier's purge number as this render begins (a miss's lookup brought it)
    if (opts.shared && sharedSeq === undefined) sharedSeq = await opts.shared.seq();
    const [p, tags] = opts.track ? opts.track(() => render(handler, req, res)) : [render(handler, req, res), new Set<string>()];
    inflight.set(key, p);
    const e = await p;
    if (inflight.get(key) === p) inflight.delete(key);
    if (!e) return void entries.remove(key); // the page is gone or failed: no copy of it either
    e.tags.push(...tags);
    // `?vehicle=` naming no car of the site: drawn for this visitor, kept for none (a flood of made-up names fills nothing)
    if (keyedOnUnknownCar(e.url, e.tags)) return void entries.remove(key);
    if (purges.purgedSince(seq, e.tags)) return;
    cache.store(key, e);
    // one copy for every process: only a copy that is the same bytes for every request (a hash CSP)
    if (opts.shared && typeof sharedSeq === "number" && e.template.placeholder === null)
      opts.shared.put(key, { headers: e.headers, gzip: gzipFilled(e.template, undefined), tags: e.tags }, sharedSeq).catch(() => {});
  };
}
