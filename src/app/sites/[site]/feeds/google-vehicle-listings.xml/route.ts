import { GOOGLE_FEED_TAIL, googleFeedHead, googleFeedItem } from "@/domain/content/feeds";
import { requestNow } from "@/server/base/clock";
import { feedSite, streamFeed } from "@/server/content/feeds";
import { publishedSiteContext } from "@/server/site/context";

type Ctx = { params: Promise<{ site: string }> };

// GET /feeds/google-vehicle-listings.xml — Google vehicle listings (RSS 2.0, g: namespace) of exactly the stock the search lists, streamed
export async function GET(_: Request, { params }: Ctx) {
  const ctx = await publishedSiteContext((await params).site); // a draft has no sitemap or feeds
  if (!ctx) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const body = streamFeed(ctx, requestNow(), { head: googleFeedHead(feedSite(ctx)), item: googleFeedItem, tail: GOOGLE_FEED_TAIL });
  return new Response(body, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=900" } });
}
