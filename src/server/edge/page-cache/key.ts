import "server-only";
import type { IncomingMessage } from "node:http";
import { isPersonalPage, pageCacheUrl } from "@/domain/http/page-cache";

/** Next's client navigations (RSC payloads, prefetches, server actions): never a stored page. */
const NAVIGATION_HEADERS = ["rsc", "next-router-state-tree", "next-router-prefetch", "next-router-segment-prefetch", "next-action"];

export const hostOf = (req: IncomingMessage) => String(req.headers.host ?? "").toLowerCase();

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

/**
 * Whether a stored copy may answer this request: a GET of a page (not an API route, Next's assets, a
 * client navigation or a personal page) without one of `sessionCookies` (a signed-in shopper's page
 * is drawn for them alone).
 */
export function isCacheableRequest(req: IncomingMessage, sessionCookies: string[] = []): boolean {
  if (req.method !== "GET") return false;
  const url = req.url ?? "/";
  if (/^\/(api|mock|_next)\//.test(url) || /[?&]_rsc=/.test(url) || isPersonalPage(url)) return false;
  if (NAVIGATION_HEADERS.some((h) => req.headers[h] !== undefined)) return false;
  const cookie = String(req.headers.cookie ?? "");
  return !sessionCookies.some((name) => new RegExp(`(^|;\\s*)${name}=`).test(cookie));
}
