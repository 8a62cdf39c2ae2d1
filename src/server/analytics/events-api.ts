import "server-only";
import { AdEventSchema } from "@/domain/analytics/ad-event-schema";
import { MAX_EVENTS_BODY_BYTES, parseEventsBody } from "@/domain/analytics/schema";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { env } from "@/server/base/env";
import { fieldErrors, HttpError, json } from "@/server/http/api";
import { siteApi } from "@/server/site/api";
import { checkOrigin, readJson } from "@/server/http/body";
import { clientAddressOf, limitOrThrow, sharedLimiter } from "@/server/http/rate-limit";
import { siteLog } from "@/server/base/log";
import { insertEvents } from "@/server/repositories/analytics";
import type { SiteContext } from "@/server/site/context";
import { getSiteSecrets } from "@/server/site/secrets";
import { ConversionsError, conversionsProviderFor } from "./conversions";
import { mediaTypeOf } from "@/domain/http/content-type";

const ORIGIN_MESSAGE = "Events can only be sent from this website.";
const MAX_AD_EVENT_BYTES = 8 * 1024;

const eventsLimiter = () => sharedLimiter("events", { limit: env().EVENTS_RATE_LIMIT, windowMs: 60_000, databaseUrl: env().DATABASE_URL });
/** At most this many events per client and minute, however they are batched. */
export const EVENTS_PER_CLIENT_MINUTE = 300;
const eventCountLimiter = () =>
  sharedLimiter("events-count", { limit: EVENTS_PER_CLIENT_MINUTE, windowMs: 60_000, databaseUrl: env().DATABASE_URL });
const adLimiter = () => sharedLimiter("fb-events", { limit: env().EVENTS_RATE_LIMIT, windowMs: 60_000, databaseUrl: env().DATABASE_URL });

/** sendBeacon sends a Blob's type (application/json); a plain string goes as text/plain. */
function requireJsonish(req: Request) {
  const type = mediaTypeOf(req.headers.get("content-type"));
  if (type !== "application/json" && type !== "text/plain") throw new HttpError(415, "Send events as application/json.");
}

const TOO_MANY_EVENTS = "Too many events from this connection.";
const limit = (which: typeof eventsLimiter, req: Request, ctx: SiteContext, points = 1) =>
  limitOrThrow(which(), `${ctx.site.id}|${clientAddressOf(req)}`, TOO_MANY_EVENTS, points);

/**
 * POST /api/events — the analytics events endpoint (docs/features/analytics-chat-widgets.md), on sites whose `analytics_events` switch
 * is on (404 elsewhere): {event:{website_slug, url, category, lead_id, anon_id, session_id,
 * error_message, event_properties}} or a batch {events:[{event:{…}}, …]} (at most 50, 64 KB).
 * 202 {stored: n}; 422 with field messages and nothing stored when any event is bad.
 */
export const eventsRoute = siteApi(async (req, ctx) => {
  if (!ctx.features.analytics_events) throw new HttpError(404, "Not found.");
  checkOrigin(req, ORIGIN_MESSAGE);
  requireJsonish(req);
  await limit(eventsLimiter, req, ctx);
  const parsed = parseEventsBody(await readJson(req, MAX_EVENTS_BODY_BYTES));
  if (!parsed.success) throw new HttpError(422, "These events are not valid.", {}, fieldErrors(parsed.error, "event"));
  // events are counted one by one per client (a batch of 50 is 50), not only requests
  await limit(eventCountLimiter, req, ctx, parsed.events.length);
  const foreign = parsed.events.findIndex((e) => e.website_slug !== ctx.site.slug);
  if (foreign >= 0)
    throw new HttpError(
      422,
      "These events are not valid.",
      {},
      { [`events.${foreign}.event.website_slug`]: "Events belong to this website." },
    );
  const stored = await insertEvents(await getDb(), ctx.site.id, parsed.events, new Date(serverNow()));
  return json(202, { stored });
});

/**
 * POST /api/fb-events — a server-side ad event {eventName, eventId, uniqueFacebookEventId,
 * eventSourceUrl, contentOptions, userData}, 250 ms after the pixel's. Forwarded to the site's
 * conversions provider; a failure is logged (status only, nothing personal) and answered 202 all the
 * same, since the shopper can do nothing about it (docs/features/analytics-chat-widgets.md). 404 on a site without a pixel.
 */
export const fbEventsRoute = siteApi(async (req, ctx) => {
  const target = conversionsProviderFor(ctx.site.integrations, await getSiteSecrets(ctx.site.id), env().FACEBOOK_GRAPH_BASE);
  if (!target) throw new HttpError(404, "Not found.");
  checkOrigin(req, ORIGIN_MESSAGE);
  requireJsonish(req);
  await limit(adLimiter, req, ctx);
  const parsed = AdEventSchema.safeParse(await readJson(req, MAX_AD_EVENT_BYTES));
  if (!parsed.success) throw new HttpError(422, "This event is not valid.", {}, fieldErrors(parsed.error, "event"));
  // without eventSourceUrl the page is the request's (its Referer, else its Origin), of this site only
  const eventSourceUrl = parsed.data.eventSourceUrl ?? pageOfRequest(req);
  if (!eventSourceUrl)
    throw new HttpError(422, "This event is not valid.", {}, { eventSourceUrl: "Expected the page's URL (or a Referer header)." });
  const event = { ...parsed.data, eventSourceUrl };
  try {
    await target.provider.send({
      pixelId: target.pixelId,
      event,
      clientIp: req.headers.get("x-real-ip"), // null, not "unknown": the ad platform gets no address rather than a made-up one
      userAgent: req.headers.get("user-agent"),
      eventTime: Math.floor(serverNow() / 1000),
      siteCountry: ctx.site.country,
    });
    return json(202, { forwarded: true });
  } catch (e) {
    siteLog(ctx.site.id).warn(
      { provider: target.provider.name, status: e instanceof ConversionsError ? e.status : null, eventId: event.eventId },
      "ad event not forwarded",
    );
    return json(202, { forwarded: false });
  }
});

/** The page an event came from, from the request: its Referer, else its Origin (http(s) only). */
function pageOfRequest(req: Request): string | null {
  for (const h of ["referer", "origin"]) {
    const v = req.headers.get(h);
    if (v && /^https?:\/\//.test(v) && URL.canParse(v) && v.length <= 2000) return v;
  }
  return null;
}
