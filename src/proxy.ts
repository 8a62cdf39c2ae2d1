import { NextResponse, type NextRequest } from "next/server";
import { hostName, resolveTenant, SITE_PATH_HEADER, tenantKeyToParam } from "@/domain/site/tenant";
import { env } from "@/server/env";

/**
 * Tenant resolution: every page path is rewritten to /sites/{tenant}/… from the Host header
 * (domain with or without www, <slug>.localhost, else DEFAULT_SITE). The database lookup
 * happens in the site layout; an unknown tenant renders a 404 there. The back-office host
 * (ADMIN_HOST) is rewritten to /admin/… instead.
 */
export function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname;
  // the dealer back-office answers on its own host only; a tenant's /admin is the tenant's
  if (hostName(request.headers.get("host")) === env().ADMIN_HOST) {
    const url = request.nextUrl.clone();
    url.pathname = `/admin${path === "/" ? "" : path}`;
    return NextResponse.rewrite(url);
  }
  const key = resolveTenant(request.headers.get("host"), env().DEFAULT_SITE);
  const url = request.nextUrl.clone();
  url.pathname = `/sites/${encodeURIComponent(tenantKeyToParam(key))}${path === "/" ? "" : path}`;
  // the path as asked (never as a client says it was): a site's other domain redirects to this path on its own
  const headers = new Headers(request.headers);
  headers.set(SITE_PATH_HEADER, `${path}${request.nextUrl.search}`);
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  // API routes, Next's assets, generated drawings, the icon sprite and the image service are not tenant pages.
  matcher: ["/((?!api/|websites/|mock/|_next/|photos/|images/|bench/|widgets/|favicon.ico|icon.svg|icons.svg).*)"],
};
