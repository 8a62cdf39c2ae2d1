import "server-only";
import type { Metadata } from "next";
import { notFound, permanentRedirect } from "next/navigation";
import { searchConditions, searchTitle } from "@/domain/stock/search-title";
import { brandDisplayName } from "@/domain/site/brands";
import { landingSegments, landingWords, parseLanding, type LandingFacets } from "@/domain/stock/landing";
import { withFacets } from "@/domain/stock/saved-search";
import { isSearchVariant, parseSearch, searchHref, type SearchQuery } from "@/domain/stock/search";
import { pluralNoun } from "@/domain/stock/summary";
import { bodyTypeLabel } from "@/domain/stock/vehicle";
import { requestNow } from "@/server/base/clock";
import type { SiteContext } from "@/server/site/context";
import { searchStock } from "@/server/stock/service";
import { safeDecode } from "@/domain/http/request";
import { contentMetadata } from "./content";
import { requireSite, type SearchParams } from "./site";
import { siteCities } from "@/domain/locations/geo";
import { distancesFrom } from "@/domain/locations/near";
import { nearPoint } from "@/server/geo/near";

/*
 * The search pages: /search/{variant}?… and its landing pages /search/{variant}/{make}[/{model}] and
 * /search/{variant}/body/{body} (search slugs), one loader for both. A plain search for one
 * known make, model or body moves to its landing page, so each filter state has one address.
 */

export type SearchRouteParams = Promise<{ site: string; variant: string; facets?: string[] }>;
export type SearchRouteProps = { params: SearchRouteParams; searchParams: SearchParams };

async function load({ params, searchParams }: SearchRouteProps) {
  const { variant, facets } = await params;
  const ctx = await requireSite(params);
  if (!isSearchVariant(variant)) notFound();
  const plain = parseSearch(variant, await searchParams, ctx.site.defaultSort);
  const stock = ctx.landing;
  if (facets === undefined) {
    // one known make (and model) or body: its landing page is the address
    const landing = landingSegments(plain);
    if (landing && parseLanding(landing.segments, stock)) permanentRedirect(searchHref(plain, ctx.site.defaultSort));
    return { ctx, query: plain, landing: null };
  }
  const segments = facets.map(safeDecode);
  const found = segments.some((s) => s === null) ? null : parseLanding(segments as string[], stock);
  if (!found) notFound();
  return { ctx, query: withFacets(plain, found), landing: found };
}

/** A landing page's H1, title and description from the site's templates, with the count the search finds. */
async function words(ctx: SiteContext, query: SearchQuery, landing: LandingFacets) {
  const result = await searchStock(ctx, { ...query, page: 1 }, requestNow());
  return landingWords(landing, ctx.site.searchPageTemplates, {
    conditions: searchConditions(query.variant, ctx),
    nouns: pluralNoun(ctx.noun),
    make: landing.make ? brandDisplayName(landing.make) : undefined,
    model: landing.model,
    body: landing.body ? bodyTypeLabel(landing.body) : undefined,
    site: ctx.site.name,
    city: siteCities(ctx.locations).join(" and "),
    count: result.total,
  });
}

export async function searchMetadata(props: SearchRouteProps): Promise<Metadata> {
  const { ctx, query, landing } = await load(props);
  // one canonical URL per filter state; page 2+ and sorts are not separate documents
  const path = searchHref({ ...query, page: 1, sort: ctx.site.defaultSort as SearchQuery["sort"] }, ctx.site.defaultSort);
  if (landing) {
    const w = await words(ctx, query, landing);
    return contentMetadata(ctx, { title: w.title, description: w.description, path });
  }
  const title = searchTitle(query.variant, ctx);
  const cities = siteCities(ctx.locations).join(" and ");
  return contentMetadata(ctx, {
    title,
    description: `${title} for sale at ${ctx.site.name} in ${cities}. Filter by make, model, price and more.`,
    path,
  });
}

/** GET of a search page: the cars found, the landing page's H1, and each location's distance from where the shopper said they are. */
export async function loadSearch(props: SearchRouteProps) {
  const { ctx, query, landing } = await load(props);
  const now = requestNow();
  const result = await searchStock(ctx, query, now);
  const heading = landing ? (await words(ctx, query, landing)).h1 : undefined;
  const point = nearPoint(query.near, ctx.site.country);
  const distances = point ? Object.fromEntries(distancesFrom(point, ctx.locations)) : null;
  return { ctx, query, result, now, heading, distances };
}
