import { csvChunk, metaRow } from "@/domain/content/feeds";
import { requestNow } from "@/server/base/clock";
import { streamFeed } from "@/server/content/feeds";
import { publishedSiteContext } from "@/server/site/context";

type Ctx = { params: Promise<{ site: string }> };

// GET /feeds/meta-vehicles.csv — Meta automotive catalog (CSV, header row first) of exactly the stock the search lists, streamed
export async function GET(_: Request, { params }: Ctx) {
  const ctx = await publishedSiteContext((await params).site); // a draft has no sitemap or feeds
  if (!ctx) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const body = streamFeed(ctx, requestNow(), { head: csvChunk([], true), item: (item) => csvChunk([metaRow(item)], false), tail: "" });
  return new Response(body, { headers: { "content-type": "text/csv; charset=utf-8", "cache-control": "public, max-age=900" } });
}
