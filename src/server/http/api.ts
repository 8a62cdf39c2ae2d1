import "server-only";
import { resolveTenant, tenantKeyToParam } from "@/domain/site/tenant";
import { isConnectionError, isDatabaseUp } from "@/server/db";
import { env } from "@/server/env";
import { log, siteLog } from "@/server/log";
import { getSiteContext, type SiteContext } from "@/server/site-context";

/** An answer with a status and a message the caller may see (4xx, or 503 with Retry-After). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export { fieldErrors } from "@/domain/http/field-errors";

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "cache-control": "no-store", ...headers } });

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

/**
 * What an API route answers for a thrown error: an HttpError's own status and message, 503 while
 * the database is down, else a logged 500. `failure` words the 500/503 and its log line for a
 * route that has its own (a form's 'An error occurred when submitting this form').
 */
export async function errorAnswer(
  e: unknown,
  req: Request,
  siteId: number | null,
  failure: { message?: string; logAs?: string } = {},
): Promise<Response> {
  if (e instanceof HttpError) return json(e.status, e.errors ? { error: e.message, errors: e.errors } : { error: e.message }, e.headers);
  // a connection cut mid-request (a database restart) is an outage even if the database is back now
  const up = !isConnectionError(e) && (await isDatabaseUp());
  (siteId === null ? log : siteLog(siteId)).error(
    { err: e, path: new URL(req.url).pathname, databaseUp: up },
    failure.logAs ?? "api request failed",
  );
  return up
    ? json(500, { error: failure.message ?? "Something went wrong." })
    : json(503, { error: failure.message ?? "Please try again shortly." }, { "retry-after": "30" });
}
