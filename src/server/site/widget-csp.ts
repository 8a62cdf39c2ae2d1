import "server-only";
import type { IncomingMessage } from "node:http";
import { isApiPath } from "@/domain/http/request";
import { resolveTenant, tenantKeyToParam } from "@/domain/site/tenant";
import { widgetOrigins, type WidgetOrigins } from "@/domain/site/widgets";
import { env } from "@/server/base/env";
import { getSiteContext } from "@/server/site/context";

/**
 * The third-party origins a page may use are those of the widgets its site enables, and
 * nothing else. Read for page requests only (from the site context, cached for a few seconds);
 * no site: none (undefined); its data unavailable: null, so that the page's copy is not stored with
 * a CSP that would block the site's widgets for everyone it is served to (edge.ts hashPolicyOf).
 */
export async function widgetOriginsFor(req: IncomingMessage): Promise<Required<WidgetOrigins> | undefined | null> {
  if ((req.method !== "GET" && req.method !== "HEAD") || isApiPath(req.url) || /^\/(_next|widgets)\//.test(req.url ?? "")) return undefined;
  try {
    const ctx = await getSiteContext(tenantKeyToParam(resolveTenant(req.headers.host ?? null, env().DEFAULT_SITE)));
    return ctx ? widgetOrigins({ features: ctx.features, integrations: ctx.site.integrations }) : undefined;
  } catch {
    return null; // the page itself answers (a 503 while the database is down)
  }
}
