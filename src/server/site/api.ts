import "server-only";
import { resolveTenant, tenantKeyToParam } from "@/domain/site/tenant";
import { env } from "@/server/base/env";
import { errorAnswer, HttpError } from "@/server/http/api";
import { getSiteContext, type SiteContext } from "@/server/site/context";

/*
 * The request's site, for the tenant API routes. Apart from the HTTP plumbing (http/api.ts) because
 * it reads the site context, a service: the plumbing stays below the services that use it.
 */

/** The tenant a request is for (by its Host), or a 404. */
export async function tenantOf(req: Request): Promise<SiteContext> {
  const ctx = await getSiteContext(tenantKeyToParam(resolveTenant(req.headers.get("host"), env().DEFAULT_SITE)));
  if (!ctx) throw new HttpError(404, "Unknown site.");
  return ctx;
}

/**
 * A site's read-only API route, wrapped once for tenant and errors: 404 for an unknown site, the
 * HttpError's own status (422 with field messages), 503 while the database is down, and otherwise a
 * logged 500 that says nothing of the cause.
 */
export function siteApi(fn: (req: Request, ctx: SiteContext) => Promise<Response>) {
  return async (req: Request): Promise<Response> => {
    let siteId: number | null = null;
    try {
      const ctx = await tenantOf(req);
      siteId = ctx.site.id;
      return await fn(req, ctx);
    } catch (e) {
      return errorAnswer(e, req, siteId);
    }
  };
}
