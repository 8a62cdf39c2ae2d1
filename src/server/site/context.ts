import "server-only";
import { cache } from "react";
import { brandDisplayName, brandLogo, brandSlug } from "@/domain/site/brands";
import { darken, contrastText } from "@/domain/site/colour";
import { siteAccounts } from "@/domain/site/accounts";
import { featureSources, resolveFeatures, usedWord } from "@/domain/site/features";
import type { StoredFeatureRule } from "@/domain/site/feature-rules";
import { listFeatureRules } from "@/server/repositories/feature-rules";
import { siteNavigation, type NavContext } from "@/domain/site/navigation";
import { tenantKeyFromParam } from "@/domain/site/tenant";
import type { RouteContext } from "@/domain/site/routes";
import { vehicleNoun } from "@/domain/site/vehicle";
import { countryFormat } from "@/domain/format/country";
import type { SiteContext } from "@/domain/site/context";
import { catalogue, SITES_TAG } from "@/server/cache";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { getSiteByKey, listDealerships, listLocations } from "@/server/repositories/sites";
import { liveOffers } from "@/domain/content/content";
import { listContent, listPageSlugs } from "@/server/repositories/content";
import { listSpecialHours } from "@/server/repositories/locations";
import { getStockSummary } from "@/server/repositories/stock";
import type { Db } from "@/server/db/client";
import { platformClient } from "@/server/platform-client";
import { pageTag } from "@/domain/http/page-cache";
import { tagged } from "@/server/cache/page-tags";
import type { PlatformClient } from "@/server/platform-client/client";
import { fromSearchSlugs, fromWebsiteSession } from "@/domain/platform/contract";
import { landingStock, type LandingStock } from "@/domain/stock/landing";
import type { StockSummary } from "@/domain/stock/summary";
import type { Dealership, Location, SiteFeatureFlags, SiteRecord, SpecialHoursEntry } from "@/domain/site/types";

/**
 * Everything a tenant page needs about its site — the website session (navigation,
 * special hours, locations) plus the site record, features and stock summary — from one server
 * function: once per request, reused for a few seconds across requests.
 */
export const getSiteContext = cache((param: string) =>
  // a page drawn from it is stored under its site's tag (the full-page cache)
  tagged(
    catalogue.cached(`site-context:${param}`, [SITES_TAG], () => loadSiteContext(param)),
    (ctx) => (ctx ? [pageTag.site(ctx.site.id)] : []),
  ),
);

/** The site's context when it is published; null for an unknown site or a draft (what search engines and feeds read). */
export async function publishedSiteContext(param: string): Promise<SiteContext | null> {
  const ctx = await getSiteContext(param);
  return ctx?.site.published ? ctx : null;
}

async function loadSiteContext(param: string): Promise<SiteContext | null> {
  const db = await getDb();
  const site = await getSiteByKey(db, tenantKeyFromParam(param));
  if (!site) return null;
  const platform = platformClient();
  return platform ? loadFromPlatform(db, site, platform) : loadFromDatabase(db, site);
}

/** The platform's feature rules, shared for a few seconds by every site; a rule's change drops them. */
export function featureRules(db: Db): Promise<StoredFeatureRule[]> {
  return catalogue.cached("feature-rules", [SITES_TAG], () => listFeatureRules(db));
}

/** A site's flags: the defaults, the platform's rules that fit it, its own settings. The one place they are resolved. */
export async function featuresOf(db: Db, site: SiteRecord): Promise<SiteFeatureFlags> {
  return resolveFeatures(site, await featureRules(db));
}

/** Each of a site's flags with where it came from (the console and GET /api/v1/websites/{id}.json). */
export async function featureSourcesOf(db: Db, site: SiteRecord) {
  return featureSources(site, await featureRules(db));
}

type Catalogue = { dealerships: Dealership[]; stock: StockSummary; pages: string[]; offers: number; features: SiteFeatureFlags };
type Session = { locations: Location[]; specialHours: SpecialHoursEntry[]; landing: LandingStock };

/** What stays in the storefront's own database in both modes: dealerships, stock, content. */
async function loadCatalogue(db: Db, site: SiteRecord, now: number): Promise<Catalogue> {
  const [dealerships, stock, pages, offerRows, features] = await Promise.all([
    listDealerships(db, site.id),
    getStockSummary(db, site, now),
    listPageSlugs(db, site.id, now),
    listContent(db, site.id, "offer"),
    featuresOf(db, site),
  ]);
  return { dealerships, stock, pages, offers: liveOffers(offerRows, now).length, features };
}

/** The site context from the database alone: the single process, and what the dashboard serves from. */
export async function loadFromDatabase(db: Db, site: SiteRecord): Promise<SiteContext> {
  const [locations, specialHours, catalogue] = await Promise.all([
    listLocations(db, site.id),
    listSpecialHours(db, site.id),
    loadCatalogue(db, site, serverNow()),
  ]);
  return compose(site, catalogue, { locations, specialHours, landing: landingStock(catalogue.stock) });
}

/**
 * A storefront's site context (PLATFORM_API_URL set): the website session (navigation, special
 * hours, locations), the search slugs and templates from the dashboard's API through the cached
 * client; stock and content from this database. Null when the dashboard has no such site.
 */
async function loadFromPlatform(db: Db, site: SiteRecord, platform: PlatformClient): Promise<SiteContext | null> {
  const [session, slugs, templates, catalogue] = await Promise.all([
    platform.websiteSession(site.id),
    platform.searchSlugs(site.id),
    platform.searchPageTemplates(site.id),
    loadCatalogue(db, site, serverNow()),
  ]);
  if (!session) return null;
  const parts = fromWebsiteSession(session);
  const ctx = compose({ ...site, searchPageTemplates: templates?.search_page_templates ?? site.searchPageTemplates }, catalogue, {
    locations: parts.locations,
    specialHours: parts.specialHours,
    landing: slugs ? fromSearchSlugs(slugs) : landingStock(catalogue.stock),
  });
  return { ...ctx, header: parts.header, footer: parts.footer };
}

function compose(
  site: SiteRecord,
  { dealerships, stock, pages, offers, features }: Catalogue,
  { locations, specialHours, landing }: Session,
): SiteContext {
  const noun = vehicleNoun(site.template, site.primaryVehicleOverride);
  const brandNames = [...dealerships.map((d) => d.make), ...locations.flatMap((l) => l.manufacturers)]
    .filter((m): m is string => Boolean(m))
    .map(brandDisplayName);
  const brands = [...new Set(brandNames)].map((name) => {
    const slug = brandSlug(name);
    return { name, slug, logo: brandLogo(slug, dealerships.find((d) => d.make && brandSlug(d.make) === slug)?.logo) };
  });
  const nav: NavContext = {
    features,
    noun,
    usedWord: usedWord(features),
    brands,
    locations: locations.map((l) => ({ name: l.name, slug: l.slug, type: l.locationType })),
    carTypes: stock.car_types,
    phone: site.phone,
    pages,
    offers,
  };
  const routes: RouteContext = {
    features,
    noun,
    brandSlugs: brands.map((b) => b.slug),
    locationSlugs: locations.map((l) => l.slug),
    pageSlugs: pages,
    accounts: siteAccounts(site, features).enabled,
  };
  const theme = {
    "--brand": site.colours.primary,
    "--brand-dark": darken(site.colours.primary),
    "--brand-contrast": contrastText(site.colours.primary),
    // the header's top bar is the darker shade: its text is chosen for that shade (black may read on the colour, not on its shade)
    "--brand-dark-contrast": contrastText(darken(site.colours.primary)),
    "--accent": site.colours.secondary,
    "--accent-dark": darken(site.colours.secondary),
    "--accent-contrast": contrastText(darken(site.colours.secondary)),
  };
  return {
    site,
    features,
    noun,
    format: countryFormat(site.country),
    locations,
    dealerships,
    specialHours,
    brands,
    stock,
    landing,
    offers,
    ...siteNavigation(nav, site.navigation),
    routes,
    accounts: siteAccounts(site, features),
    theme,
  };
}

export type { SiteContext };
