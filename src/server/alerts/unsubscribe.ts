import "server-only";
import { getDb } from "@/server/db";
import { HttpError, json } from "@/server/http/api";
import { siteApi } from "@/server/site/api";
import { turnOffAlerts } from "@/server/repositories/alerts";
import { readUnsubscribeToken } from "./digests";

/**
 * POST /api/alerts/unsubscribe?token=…: every email alert of the token's customer on
 * this site turned off. RFC 8058's one-click: a mail program posts `List-Unsubscribe=One-Click`
 * from its own servers (no cookie, no Origin), so the signed token alone decides. The site's
 * /alerts/unsubscribe page posts the same form from a browser, which is sent on to the page's
 * "done" state. A token of another site, or not signed here, answers 404.
 */
export const unsubscribeRoute = siteApi(async (req, ctx) => {
  const db = await getDb();
  const who = await readUnsubscribeToken(db, new URL(req.url).searchParams.get("token"));
  if (!who || who.siteId !== ctx.site.id) throw new HttpError(404, "This unsubscribe link is not valid.");
  const turnedOff = await turnOffAlerts(db, who.userId, who.siteId);
  if ((req.headers.get("accept") ?? "").includes("text/html"))
    return new Response(null, { status: 303, headers: { location: "/alerts/unsubscribe?done=1", "cache-control": "no-store" } });
  return json(200, { unsubscribed: true, alerts_turned_off: turnedOff });
});
