import { NextResponse, type NextRequest } from "next/server";
import { contentSecurityPolicy, isLocalHost } from "@/domain/http/security-headers";
import { pageDestination, SITE_PATH_HEADER } from "@/domain/site/tenant";
import { env } from "@/server/base/env";

/**
 * Tenant resolution when our edge (src/server/edge) is absent: `next dev`, or `next start`. Every
 * page path is rewritten to /sites/{tenant}/… from the Host header (domain with or without www,
 * <slug>.localhost, else DEFAULT_SITE), the back-office host (ADMIN_HOST) to /admin/…, and the page
 * gets the edge's CSP with a fresh nonce (the other security headers come from next.config.ts). The
 * database lookup happens in the site layout; an unknown tenant renders a 404 there. The production
 * server decides the same before Next (`pageDestination`) and sets the headers next.config.ts
 * rewrites by, so this does not run on a page there: Next's middleware costs a page render about
 * as much again as a config rewrite. e2e/edge-contract.spec.ts holds the two to the same answers.
 */
export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  const host = request.headers.get("host") ?? undefined;
  const to = pageDestination(host, path, env().ADMIN_HOST, env().DEFAULT_SITE);
  if (!to) return NextResponse.next();
  const url = request.nextUrl.clone();
  const rest = path === "/" ? "" : path;
  url.pathname = to.to === "admin" ? `/admin${rest}` : `/sites/${to.segment}${rest}`;
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const csp = contentSecurityPolicy({ nonce }, isLocalHost(host));
  const headers = new Headers(request.headers);
  headers.set("content-security-policy", csp); // Next reads the nonce for its own scripts from here
  // the path as asked (never as a client says it was): a site's other domain redirects to this path on its own
  if (to.to === "admin") headers.delete(SITE_PATH_HEADER);
  else headers.set(SITE_PATH_HEADER, `${path}${request.nextUrl.search}`);
  const response = NextResponse.rewrite(url, { request: { headers } });
  response.headers.set("content-security-policy", csp);
  return response;
}

export const config = {
  // API routes, Next's assets, generated drawings, the icon sprite and the image service are not
  // tenant pages; a request the production server has already sent on (its headers) is not ours.
  // Written out because Next reads this config without running it: `NOT_A_PAGE_PREFIXES`,
  // SITE_KEY_HEADER and ADMIN_AREA_HEADER in src/domain/site/tenant.ts (src/proxy.test.ts compares them).
  matcher: [
    {
      source: "/((?!api/|websites/|mock/|_next/|photos/|images/|bench/|widgets/|favicon.ico|icon.svg|icons.svg).*)",
      missing: [
        { type: "header", key: "x-site-key" },
        { type: "header", key: "x-admin-area" },
      ],
    },
  ],
};
