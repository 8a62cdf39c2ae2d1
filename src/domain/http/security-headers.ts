import { hostName } from "../site/tenant";
import type { WidgetOrigins } from "../site/widgets";

/*
 * The security headers every answer carries and the page CSP (pure): the edge (src/server/edge)
 * sends them in production; without it (`next dev`, `next start`) src/proxy.ts and next.config.ts do.
 */

export const isLocalHost = (host: string | undefined): boolean => {
  const name = hostName(host);
  return (
    !name ||
    name === "localhost" ||
    name.endsWith(".localhost") ||
    name === "127.0.0.1" ||
    name === "[::1]" ||
    name === "::1" ||
    name === "0.0.0.0"
  );
};

/** Where the Maps loader (src/components/locations/map-view.tsx) fetches its scripts from. */
const MAPS_SCRIPT_ORIGINS = "https://maps.googleapis.com https://maps.gstatic.com";

/**
 * The page CSP: no inline event handlers or javascript: URLs; framing only by the site itself; and
 * scripts by one of two sources (docs/decisions/0019-shared-page-cache-and-hash-csp.md):
 * - `{ nonce }` (a page Next draws for this request, streamed as it renders): only scripts with this
 *   response's nonce (Next puts it on its own scripts); scripts they load, such as the Maps loader,
 *   are trusted through 'strict-dynamic';
 * - `{ hashes }` (a copy from the page cache, the same bytes for everyone): exactly the page's own
 *   inline scripts, by their sha256, and script files from the site itself, the Maps loader and the
 *   site's widgets by origin ('strict-dynamic' would refuse Next's own `<script src>` tags, which
 *   only a nonce can vouch for).
 */
export function contentSecurityPolicy(
  source: { nonce: string } | { hashes: readonly string[] },
  local: boolean,
  widgets?: Partial<WidgetOrigins>,
): string {
  const more = (d: keyof WidgetOrigins) => (widgets?.[d]?.length ? ` ${widgets[d]!.join(" ")}` : "");
  const scripts =
    "nonce" in source
      ? // 'strict-dynamic' trusts what our nonce'd loader adds; the hosts are there for browsers without it
        `'nonce-${source.nonce}' 'strict-dynamic'`
      : [...source.hashes, MAPS_SCRIPT_ORIGINS].join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts}${more("script")}`,
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${more("img")}`,
    "font-src 'self' data: https://fonts.gstatic.com",
    `connect-src 'self' https://maps.googleapis.com${more("connect")}`,
    `frame-src 'self' https://www.google.com${more("frame")}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(local ? [] : ["upgrade-insecure-requests"]),
  ].join("; ");
}

/** HTTPS only, for two years, on a real domain and its subdomains. */
export const HSTS = "max-age=63072000; includeSubDomains";

/**
 * The host names that are this machine (no HSTS, no upgrade-insecure-requests), as a pattern
 * next.config.ts can match a request's host name by (without its port): isLocalHost's names.
 */
export const LOCAL_HOST_NAME_PATTERN = "(localhost|[^:]*\\.localhost|127\\.0\\.0\\.1|0\\.0\\.0\\.0)\\.?";

/** Headers every answer carries (pages, APIs, assets); HSTS only on real domains. */
export function baseSecurityHeaders(host: string | undefined): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), payment=(), usb=(), geolocation=(self), interest-cohort=()",
    "x-frame-options": "SAMEORIGIN",
    ...(isLocalHost(host) ? {} : { "strict-transport-security": HSTS }),
  };
}
