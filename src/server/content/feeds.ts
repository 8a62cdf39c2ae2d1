import "server-only";
import { feedItem, type FeedDealer, type FeedItem, type FeedSite } from "@/domain/content/feeds";
import { vehicleHref } from "@/domain/site/vehicle";
import type { Vehicle } from "@/domain/stock/vehicle";
import { getDb } from "@/server/db";
import { safeError, siteLog } from "@/server/base/log";
import { listListedVehicles } from "@/server/repositories/vehicles";
import type { SiteContext } from "@/server/site/context";

const CHUNK = 200;

/** What a feed says of the site: its address, name, currency and distance unit. */
export function feedSite(ctx: SiteContext): FeedSite {
  return {
    url: ctx.site.url,
    name: ctx.site.name,
    currency: ctx.site.currency || ctx.format.currency,
    country: ctx.site.country,
    distanceUnit: ctx.format.distanceUnit,
  };
}

/** The dealership a car sits at (its location), as a feed names it. */
function dealerOf(ctx: SiteContext, v: Vehicle): FeedDealer | null {
  const l = ctx.locations.find((x) => x.id === v.locationId) ?? ctx.locations.find((x) => x.isPrimary) ?? ctx.locations[0];
  if (!l) return null;
  return {
    name: l.name,
    street: l.address.street,
    city: l.address.city,
    region: l.address.state,
    postcode: l.address.postcode,
    country: ctx.site.country,
    lat: l.address.lat,
    long: l.address.long,
  };
}

/**
 * A feed of the site's listed stock (exactly what its search lists), streamed: the head, then the
 * vehicles a chunk of 200 at a time in id order, then the tail. Nothing is held in memory but a chunk.
 */
export function streamFeed(
  ctx: SiteContext,
  now: number,
  format: { head: string; item: (item: FeedItem, index: number) => string; tail: string },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const site = feedSite(ctx);
  let afterId = 0;
  let index = 0;
  let done = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(format.head));
    },
    async pull(controller) {
      if (done) return;
      try {
        const chunk = await listListedVehicles(await getDb(), ctx.site, now, afterId, CHUNK);
        const text = chunk
          .map((v) => format.item(feedItem(site, v, vehicleHref(ctx.site.template, v.slug), dealerOf(ctx, v)), index++))
          .join("");
        if (text) controller.enqueue(encoder.encode(text));
        afterId = chunk.at(-1)?.id ?? afterId;
        if (chunk.length < CHUNK) {
          done = true;
          controller.enqueue(encoder.encode(format.tail));
          controller.close();
        }
      } catch (err) {
        siteLog(ctx.site.id).error({ err: safeError(err) }, "feed stream failed");
        controller.error(err);
      }
    },
  });
}
