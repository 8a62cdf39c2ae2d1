import { sitemapXml } from "@/domain/content/feeds";
import { siteSitemap } from "@/domain/content/sitemap";
import { vehicleHref } from "@/domain/site/vehicle";
import { landingPaths } from "@/domain/stock/landing";
import { parseSearch, searchHref } from "@/domain/stock/search";
import { requestNow } from "@/server/base/clock";
import { blogPosts, currentOffers, modelRange, siteContent } from "@/server/content/service";
import { getDb } from "@/server/db";
import { listSitemapVehicles } from "@/server/repositories/vehicles";
import { publishedSiteContext } from "@/server/site/context";

type Ctx = { params: Promise<{ site: string }> };

// GET /sitemap.xml — every page of the site a search engine should know, with lastmod; sold and hidden cars are not in it
export async function GET(_: Request, { params }: Ctx) {
  const ctx = await publishedSiteContext((await params).site); // a draft has no sitemap or feeds
  if (!ctx) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  const now = requestNow();
  const [pages, posts, offers, range, vehicles] = await Promise.all([
    siteContent(ctx, "page"),
    ctx.features.blog ? blogPosts(ctx, now) : [],
    ctx.features.special_offers ? currentOffers(ctx, now) : [],
    modelRange(ctx, now),
    listSitemapVehicles(await getDb(), ctx.site, now),
  ]);
  const urls = siteSitemap({
    routes: ctx.routes,
    rules: ctx.features,
    pages: pages.filter((p) => ctx.routes.pageSlugs.includes(p.slug)),
    posts,
    offers,
    models: range.flatMap((b) => b.models),
    vehicles: vehicles.map((v) => ({ path: vehicleHref(ctx.site.template, v.slug), listedAt: v.listedAt })),
    landing: landingPaths(ctx.landing, (f) => {
      const base = parseSearch("new-used-and-demo-cars", {}, ctx.site.defaultSort);
      return searchHref({ ...base, ...f }, ctx.site.defaultSort);
    }).map((path) => ({ path })),
  });
  return new Response(sitemapXml(ctx.site, urls), {
    headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
