import type { LinkRules } from "../site/links";
import { resolveSiteRoute, SITE_ROUTES, type RouteContext } from "../site/routes";
import { blogBase, pageHref } from "./content";
import type { SitemapUrl } from "./feeds";
import type { ContentEntry } from "./types";

/**
 * Fixed pages that are never in a sitemap: one shopper's lists, a thank-you page, sign-in and the
 * account's own pages (a password reset, personalised finance: noindex or a redirect), the
 * checkout's steps (they need an order), and a second address of /service.
 */
const NOT_INDEXED = new Set([
  "/favourites",
  "/success",
  "/my-garage",
  "/sign-in",
  "/reset-password",
  "/personalised/finance",
  "/alerts/unsubscribe",
  "/checkout/pay",
  "/checkout/confirmed",
  "/pages/book-a-service",
]);

type Dated = Pick<ContentEntry, "slug" | "updatedAt" | "publishedAt">;
const changed = (e: Dated) => (e.updatedAt > e.publishedAt ? e.updatedAt : e.publishedAt);

/**
 * Every page of a site a search engine should know: home, the fixed pages the site offers
 * (by its route rules), locations, brands, models, content pages, posts, live offers and every
 * listed vehicle that is not sold, each with its last change where there is one.
 */
export function siteSitemap(input: {
  routes: RouteContext;
  rules: LinkRules;
  pages: Dated[];
  posts: Dated[];
  offers: Dated[];
  models: Array<{ slug: string }>;
  vehicles: Array<{ path: string; listedAt: Date }>;
  landing?: Array<{ path: string }>;
}): SitemapUrl[] {
  const { routes } = input;
  const fixed = Object.keys(SITE_ROUTES).filter((p) => !NOT_INDEXED.has(p) && resolveSiteRoute(p, routes).kind === "page");
  const blog = blogBase(input.rules);
  const urls: SitemapUrl[] = [
    { path: "/", lastmod: null },
    ...fixed.map((path) => ({ path, lastmod: null })),
    ...routes.locationSlugs.map((s) => ({ path: `/our-location/${s}`, lastmod: null })),
    ...routes.brandSlugs.map((s) => ({ path: `/brands/${s}`, lastmod: null })),
    ...input.models.map((m) => ({ path: `/models/${m.slug}`, lastmod: null })),
    ...(input.landing ?? []).map((l) => ({ path: l.path, lastmod: null })),
    ...input.pages.map((p) => ({ path: pageHref(p.slug, input.rules), lastmod: changed(p) })),
    ...input.posts.map((p) => ({ path: `${blog}/${p.slug}`, lastmod: changed(p) })),
    ...input.offers.map((o) => ({ path: `/special-offers/${o.slug}`, lastmod: changed(o) })),
    ...input.vehicles.map((v) => ({ path: v.path, lastmod: v.listedAt })),
  ];
  // one entry per address (a legal page is in the fixed table and stored)
  const seen = new Set<string>();
  return urls.filter((u) => !seen.has(u.path) && seen.add(u.path));
}
