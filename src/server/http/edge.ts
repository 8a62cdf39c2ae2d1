import "server-only";
import type { IncomingMessage, ServerResponse } from "node:http";
import { checkRequest, isApiPath } from "@/domain/http/request";
import { own } from "@/domain/own";
import type { WidgetOrigins } from "@/domain/site/widgets";
import { ADMIN_AREA_HEADER, pageDestination, SITE_KEY_HEADER, SITE_PATH_HEADER } from "@/domain/site/tenant";
import { env } from "@/server/base/env";
import { allowFor } from "./route-table";
import { baseSecurityHeaders, contentSecurityPolicy, controlHeaders, isLocalHost, newNonce, sendError } from "./security";

/** The CSP a static error page gets: no script at all. */
const ERROR_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'";
export const RETRY_AFTER_SECONDS = 30;

const nonces = new WeakMap<IncomingMessage, string>();
/** The CSP nonce given to this request at the edge (its page renders with it). */
export const nonceOf = (req: IncomingMessage): string | undefined => nonces.get(req);
const policies = new WeakMap<IncomingMessage, { local: boolean; widgets?: Partial<WidgetOrigins> | null }>();
/**
 * The CSP a stored copy of this request's page is served with: the same policy as its nonce one,
 * its scripts allowed by these hashes of its inline scripts instead (security.ts).
 */
export function hashPolicyOf(req: IncomingMessage, hashes: readonly string[]): string | undefined {
  const p = policies.get(req);
  // the site's widget origins could not be read (null): a policy without them would block its
  // widgets on every answer the copy is served to, so this page's copy stays a nonce template here
  return p && p.widgets !== null ? contentSecurityPolicy({ hashes }, p.local, p.widgets) : undefined;
}

/**
 * What every request meets before Next: security headers on every answer, internal headers
 * hidden, the request target checked once (bad encodings, NUL, unknown methods → 4xx with our
 * own page), and a fresh CSP nonce. Returns false when the request was answered here. `widgets`:
 * the origins the site's widgets use (null: they could not be read; the page goes without them).
 */
export function prepareRequest(req: IncomingMessage, res: ServerResponse, widgets?: Partial<WidgetOrigins> | null): boolean {
  const host = req.headers.host;
  // never let a client speak for our proxy layer, nor name the routes its request goes to
  delete req.headers["x-middleware-subrequest"];
  delete req.headers[SITE_KEY_HEADER];
  delete req.headers[ADMIN_AREA_HEADER];
  delete req.headers[SITE_PATH_HEADER];
  const problem = checkRequest(req.method, req.url);
  if (problem) {
    controlHeaders(res, { ...baseSecurityHeaders(host), "content-security-policy": ERROR_PAGE_CSP });
    sendError(res, problem.status, problem.message, {
      json: isApiPath(req.url),
      headers: problem.allow ? { allow: problem.allow.join(", ") } : {},
    });
    req.resume();
    return false;
  }
  // an API route answers the methods it exports; any other gets 405 with its own Allow
  if (isApiPath(req.url)) {
    const allow = allowFor((req.url ?? "/").split("?")[0]!);
    if (allow && !(allow as readonly string[]).includes(req.method ?? "")) {
      controlHeaders(res, { ...baseSecurityHeaders(host), "content-security-policy": ERROR_PAGE_CSP });
      sendError(res, 405, "This method is not allowed.", { json: true, headers: { allow: allow.join(", ") } });
      req.resume();
      return false;
    }
  }
  routeToTenant(req);
  const nonce = newNonce();
  nonces.set(req, nonce);
  policies.set(req, { local: isLocalHost(host), widgets });
  const csp = contentSecurityPolicy({ nonce }, isLocalHost(host), widgets ?? undefined);
  req.headers["content-security-policy"] = csp; // Next reads the nonce for its own scripts from here
  // on every answer (the CSP on pages), unless its route set its own (Next never overrides a header already set)
  controlHeaders(res, baseSecurityHeaders(host), { "content-security-policy": csp });
  return true;
}

/**
 * Names the routes a page request goes to, in the headers next.config.ts rewrites by: the
 * back-office's, or the tenant's the Host names, with the path as asked (a site's other domains
 * redirect to it).
 */
function routeToTenant(req: IncomingMessage): void {
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const to = pageDestination(req.headers.host, q < 0 ? url : url.slice(0, q), env().ADMIN_HOST, env().DEFAULT_SITE);
  if (!to) return;
  if (to.to === "admin") req.headers[ADMIN_AREA_HEADER] = "1";
  else {
    req.headers[SITE_KEY_HEADER] = to.segment;
    req.headers[SITE_PATH_HEADER] = q < 0 || !url.includes("_rsc") ? url : withoutRscMarker(url, q);
  }
}

/** The path as asked without the `_rsc` parameter Next's client adds to its navigations (a redirect to it would show it). */
function withoutRscMarker(url: string, q: number): string {
  const params = new URLSearchParams(url.slice(q + 1));
  params.delete("_rsc");
  const rest = params.toString();
  return rest ? `${url.slice(0, q)}?${rest}` : url.slice(0, q);
}

const API_MESSAGES: Record<number, string> = {
  400: "The request could not be read.",
  404: "Not found.",
  405: "This method is not allowed.",
  413: "The request is too large.",
  415: "This content type is not accepted.",
};

function contentTypeOf(res: ServerResponse, args: unknown[]): string {
  const h = args.find((a) => a && typeof a === "object" && !Array.isArray(a)) as Record<string, unknown> | undefined;
  const fromArgs = h && Object.entries(h).find(([k]) => k.toLowerCase() === "content-type")?.[1];
  return String(fromArgs ?? res.getHeader("content-type") ?? "");
}

/**
 * Never Next's bare answers: a server error becomes our own page (JSON on API paths), a 503 with
 * Retry-After when the database is down, else a 500; an API error without a JSON body (Next's own
 * 404/405 for a route or method it does not have) becomes our JSON {error}. No stack trace or SQL
 * reaches the client. Our handlers' own JSON answers (a lead's 503 with the form's text) pass.
 */
export function guardServerErrors(req: IncomingMessage, res: ServerResponse, isDatabaseUp: () => Promise<boolean>): void {
  const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => ServerResponse;
  const write = res.write.bind(res) as (...a: unknown[]) => boolean;
  const end = res.end.bind(res) as (...a: unknown[]) => ServerResponse;
  const api = isApiPath(req.url);
  let replacing = false;
  const replaceable = (status: number, type: string) => (api ? status >= 400 && !/json/i.test(type) : status >= 500);
  const failing = () => replacing || (!res.headersSent && replaceable(res.statusCode, contentTypeOf(res, [])) && (replacing = true));

  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (!res.headersSent && replaceable(status, contentTypeOf(res, rest))) {
      replacing = true;
      res.statusCode = status;
      const h = rest.find((a) => a && typeof a === "object" && !Array.isArray(a)) as Record<string, unknown> | undefined;
      const allow = h && Object.entries(h).find(([k]) => k.toLowerCase() === "allow")?.[1];
      if (allow) res.setHeader("allow", String(allow));
      return res;
    }
    return writeHead(status, ...rest);
  }) as typeof res.writeHead;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!failing()) return write(chunk, ...rest);
    const cb = rest.find((a) => typeof a === "function") as (() => void) | undefined;
    cb?.();
    return true;
  }) as typeof res.write;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (!failing()) return end(chunk, ...rest);
    const status = res.statusCode;
    void (async () => {
      const up = status < 500 || (await isDatabaseUp().catch(() => false));
      const allow = res.getHeader("allow");
      res.writeHead = writeHead as typeof res.writeHead;
      res.write = write as typeof res.write;
      res.end = end as typeof res.end;
      // nothing of the failed answer stays; the security headers are added again as the head is written
      for (const name of res.getHeaderNames()) res.removeHeader(name);
      res.setHeader("content-security-policy", ERROR_PAGE_CSP);
      if (status < 500)
        sendError(res, status, own(API_MESSAGES, String(status)) ?? "The request could not be handled.", {
          json: true,
          headers: allow ? { allow: String(allow) } : {},
        });
      else if (up) sendError(res, 500, "Something went wrong on our side. Please try again, or call us.", { json: api });
      else
        sendError(
          res,
          503,
          api
            ? "The service is temporarily unavailable. Please try again shortly."
            : "The site is taking a short break. Please try again in a minute.",
          {
            json: api,
            headers: { "retry-after": String(RETRY_AFTER_SECONDS) },
          },
        );
    })();
    return res;
  }) as typeof res.end;
}
