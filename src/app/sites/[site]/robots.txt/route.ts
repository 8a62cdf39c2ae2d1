import { absoluteUrl } from "@/domain/content/json-ld";
import { getSiteContext } from "@/server/site/context";

type Ctx = { params: Promise<{ site: string }> };

// GET /robots.txt — the site may be crawled (not its lead endpoints, thank-you page or a shopper's saved list); where its sitemap is; a draft: nothing
export async function GET(_: Request, { params }: Ctx) {
  const ctx = await getSiteContext((await params).site);
  if (!ctx) return new Response("Not found\n", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  // a draft is not crawled at all until it is published
  if (!ctx.site.published)
    return new Response("User-agent: *\nDisallow: /\n", {
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  const lines = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /mock/",
    "Disallow: /success",
    "Disallow: /favourites",
    "",
    `Sitemap: ${absoluteUrl(ctx.site, "/sitemap.xml")}`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=3600" },
  });
}
