import "server-only";
import type { WidgetOrigins } from "@/domain/site/widgets";
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { escapeMarkup } from "@/domain/format/markup";
import { hostName } from "@/domain/site/tenant";

/** The CSP a static error page gets: no script at all. */
export const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'";

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

/** 128 bits from the CSPRNG, base64: a fresh one for every HTML response (also from the page cache). */
export const newNonce = (): string => randomBytes(16).toString("base64");

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

/** Headers every answer carries (pages, APIs, assets); HSTS only on real domains. */
export function baseSecurityHeaders(host: string | undefined): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), microphone=(), payment=(), usb=(), geolocation=(self), interest-cohort=()",
    "x-frame-options": "SAMEORIGIN",
    ...(isLocalHost(host) ? {} : { "strict-transport-security": "max-age=63072000; includeSubDomains" }),
  };
}

const TITLES: Record<number, string> = {
  400: "That address doesn’t look right",
  404: "Page not found",
  405: "Not allowed",
  413: "Too large",
  414: "That address is too long",
  500: "Something went wrong",
  503: "We’ll be right back",
};

/**
 * Our own error page for answers given before (or instead of) a site's page: no script, no
 * stack trace, no internal detail; the wording is for a shopper.
 */
export function errorPageHtml(status: number, message: string): string {
  const title = escapeMarkup(Object.hasOwn(TITLES, status) ? TITLES[status]! : "Something went wrong");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title>
<style>body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#171717;background:#fafafa}main{max-width:36rem;margin:0 auto;padding:4rem 1.5rem}p.code{font-size:.875rem;font-weight:600;letter-spacing:.05em;text-transform:uppercase;color:#525252}h1{font-size:1.875rem;margin:.5rem 0}a{display:inline-block;margin-top:1.5rem;padding:.6rem 1.1rem;border-radius:.375rem;background:#171717;color:#fff;text-decoration:none;font-weight:600}a:focus-visible{outline:3px solid #2563eb;outline-offset:2px}</style></head>
<body><main id="main"><p class="code">${status}</p><h1>${title}</h1><p>${escapeMarkup(message)}</p><a href="/">Go to the home page</a></main></body></html>`;
}

/** Sends the error page (HTML) or a JSON error for API callers; never a stack trace. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  opts: { json?: boolean; headers?: Record<string, string> } = {},
): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const body = opts.json ? JSON.stringify({ error: message }) : errorPageHtml(status, message);
  res.writeHead(status, {
    ...opts.headers,
    "content-type": opts.json ? "application/json; charset=utf-8" : "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
  });
  res.end(body);
}
