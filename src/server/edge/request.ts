import "server-only";
import type { IncomingMessage } from "node:http";
import { checkRequest, isApiPath } from "@/domain/http/request";
import type { WidgetOrigins } from "@/domain/site/widgets";
import { ADMIN_AREA_HEADER, pageDestination, SITE_KEY_HEADER, SITE_PATH_HEADER } from "@/domain/site/tenant";
import { env } from "@/server/base/env";
import { allowFor } from "./route-table";
import type { EdgeResponse } from "./response";
import { baseSecurityHeaders, contentSecurityPolicy, isLocalHost } from "@/domain/http/security-headers";
import { ERROR_PAGE_CSP, newNonce, sendError } from "./security";

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
export function prepareRequest(req: IncomingMessage, res: EdgeResponse, widgets?: Partial<WidgetOrigins> | null): boolean {
  const host = req.headers.host;
  // never let a client speak for our proxy layer, nor name the routes its request goes to
  delete req.headers["x-middleware-subrequest"];
  delete req.headers[SITE_KEY_HEADER];
  delete req.headers[ADMIN_AREA_HEADER];
  delete req.headers[SITE_PATH_HEADER];
  const problem = checkRequest(req.method, req.url);
  if (problem) {
    res.secureHeaders({ ...baseSecurityHeaders(host), "content-security-policy": ERROR_PAGE_CSP });
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
      res.secureHeaders({ ...baseSecurityHeaders(host), "content-security-policy": ERROR_PAGE_CSP });
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
  res.secureHeaders(baseSecurityHeaders(host), { "content-security-policy": csp });
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
