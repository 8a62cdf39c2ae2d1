import { NextResponse, type NextRequest } from "next/server";
import { pageDestination, SITE_PATH_HEADER } from "@/domain/site/tenant";
import { env } from "@/server/base/env";

/**
 * Tenant resolution under `next dev`: every page path is rewritten to /sites/{tenant}/… from the
 * Host header (domain with or without www, <slug>.localhost, else DEFAULT_SITE), the back-office
 * host (ADMIN_HOST) to /admin/…. The database lookup happens in the site layout; an unknown tenant
 * renders a 404 there. The production server (scripts/server.ts) decides the same before Next
 * (`pageDestination`) and sets the headers next.config.ts rewrites by, so this does not run on a page there:
 * Next's middleware costs a page render about as much again as a config rewrite.
 */
export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  const to = pageDestination(request.headers.get("host"), path, env().ADMIN_HOST, env().DEFAULT_SITE);
  if (!to) return NextResponse.next();
  const url = request.nextUrl.clone();
  const rest = path === "/" ? "" : path;
  url.pathname = to.to === "admin" ? `/admin${rest}` : `/sites/${to.segment}${rest}`;
  if (to.to === "admin") return NextResponse.rewrite(url);
  // the path as asked (never as a client says it was): a site's other domain redirects to this path on its own
  const headers = new Headers(request.headers);
  headers.set(SITE_PATH_HEADER, `${path}${request.nextUrl.search}`);
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  // API routes, Next's assets, generated drawings, the icon sprite and the image service are not
  // tenant pages; a request the production server has already sent on (its headers) is not ours.
  // Written out because Next reads this config without running it: the same paths as `NOT_A_PAGE`
  // and the same names as SITE_KEY_HEADER and ADMIN_AREA_HEADER in src/domain/site/tenant.ts.
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
