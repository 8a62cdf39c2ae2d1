import "server-only";
import { buildModelRange, isElectrified, liveOffers, publishedPosts, type RangeBrand } from "@/domain/content/content";
import type { ContentEntry, ContentKind } from "@/domain/content/types";
import { privacyPolicy } from "@/domain/content/privacy-policy";
import { advertisingPlatforms } from "@/domain/site/widgets";
import { brandDisplayName, brandSlug } from "@/domain/site/brands";
import { pageTag } from "@/domain/http/page-cache";
import { catalogue, siteTag } from "@/server/cache";
import { recordPageTags } from "@/server/cache/page-tags";
import { getDb } from "@/server/db";
import { listContent, listModelRows } from "@/server/repositories/content";
import type { SiteContext } from "@/server/site/context";
import { parseSearch, searchHref, type SearchQuery } from "@/domain/stock/search";
import { searchStock } from "@/server/stock/service";

/*
 * A site's content for its pages, through the catalogue cache like stock: read once,
 * reused for a few seconds, dropped when the site changes. The domain decides what is listed.
 */

type Ctx = Pick<SiteContext, "site" | "brands">;

/** Every entry of one kind on a site. */
export function siteContent(ctx: Ctx, kind: ContentKind): Promise<ContentEntry[]> {
  return catalogue.cached(`content:${ctx.site.id}:${kind}`, [siteTag(ctx.site.id)], async () =>
    listContent(await getDb(), ctx.site.id, kind),
  );
}

/** One entry by kind and slug; a scheduled (not yet published) one does not exist yet. */
export async function contentEntry(ctx: Ctx, kind: ContentKind, slug: string, now: number): Promise<ContentEntry | null> {
  const found = (await siteContent(ctx, kind)).find((e) => e.slug === slug);
  return found && found.publishedAt.getTime() <= now ? found : null;
}

/**
 * The privacy policy every site has: its own page (else the platform's template), then the
 * advertising and analytics platforms its switches send events to now, so it never misses one that is on.
 */
export async function privacyPolicyPage(ctx: Ctx & Pick<SiteContext, "features">, now: number): Promise<ContentEntry> {
  const own = await contentEntry(ctx, "page", "privacy-policy", now);
  const { name, email, phone, country, integrations } = ctx.site;
  const platforms = advertisingPlatforms({ features: ctx.features, integrations });
  const base: ContentEntry = own ?? {
    ...{ id: 0, kind: "page", slug: "privacy-policy", title: "", summary: "", body: "", image: null, author: null, make: null },
    ...{
      publishedAt: new Date(0),
      updatedAt: new Date(0),
      expiresAt: null,
      price: null,
      saving: null,
      subscriptionWeekly: null,
      terms: null,
    },
  };
  return { ...base, ...privacyPolicy({ name, email, phone, country }, platforms, own ?? undefined) };
}

/** The blog's posts, newest first. */
export async function blogPosts(ctx: Ctx, now: number): Promise<ContentEntry[]> {
  return publishedPosts(await siteContent(ctx, "post"), now);
}

/** The offers a site lists now (an ended offer keeps its page, but is not listed). */
export async function currentOffers(ctx: Ctx, now: number): Promise<ContentEntry[]> {
  return liveOffers(await siteContent(ctx, "offer"), now);
}

/** The model range from listed stock, per brand (brand names as displayed, the site's brands first). */
export function modelRange(ctx: Ctx, now: number): Promise<RangeBrand[]> {
  // recorded here, not in the loader: a page that finds the range cached depends on stock all the same
  recordPageTags(pageTag.stock(ctx.site.id));
  return catalogue.cached(`models:${ctx.site.id}`, [siteTag(ctx.site.id)], async () => {
    const rows = await listModelRowsCached(ctx, now);
    return buildModelRange(
      rows.map(({ make, ...r }) => ({ ...r, brand: brandDisplayName(make) })),
      ctx.brands,
    );
  });
}

/** The stock makes of a brand (a brand page's search link and carousel), e.g. Škoda → ["Skoda"]. */
export function stockMakesOf(ctx: Pick<SiteContext, "stock">, slug: string): string[] {
  return ctx.stock.makes.filter((m) => brandSlug(m.make) === slug).map((m) => m.make);
}

/** The fuel types of listed stock that are electric or plug-in hybrid (the EV page's search filter). */
export async function electrifiedFuels(ctx: Ctx, now: number): Promise<string[]> {
  const rows = await listModelRowsCached(ctx, now);
  return [...new Set(rows.map((r) => r.fuel).filter((f): f is string => isElectrified(f)))].sort();
}

function listModelRowsCached(ctx: Ctx, now: number) {
  recordPageTags(pageTag.stock(ctx.site.id)); // prices and counts of listed stock
  return catalogue.cached(`model-rows:${ctx.site.id}`, [siteTag(ctx.site.id)], async () => listModelRows(await getDb(), ctx.site, now));
}

/** A few listed cars matching a filter (a brand, a model, EV fuels), the total, and the search URL that lists them all. */
export async function stockShelf(ctx: SiteContext, filter: Partial<Pick<SearchQuery, "make" | "model" | "fuel">>, now: number, limit = 8) {
  const query = { ...parseSearch("new-used-and-demo-cars", {}, ctx.site.defaultSort), ...filter };
  const result = await searchStock(ctx, query, now);
  return {
    vehicles: result.vehicles.filter((v) => v.status !== "sold").slice(0, limit),
    total: result.total,
    href: searchHref(query, ctx.site.defaultSort),
  };
}
