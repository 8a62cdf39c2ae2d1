import "server-only";
import { randomBytes } from "node:crypto";
import type { ServerResponse } from "node:http";
import { escapeMarkup } from "@/domain/format/markup";

/** The CSP a static error page gets: no script at all. */
export const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'";

/** 128 bits from the CSPRNG, base64: a fresh one for every HTML response (also from the page cache). */
export const newNonce = (): string => randomBytes(16).toString("base64");

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
