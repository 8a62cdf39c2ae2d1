import "server-only";
import { cache } from "react";
import { brandDisplayName, brandLogo, brandSlug } from "@/domain/site/brands";
import { darken, contrastText } from "@/domain/site/colour";
import { siteAccounts } from "@/domain/site/accounts";
import { resolveFeatures, usedWord } from "@/domain/site/features";
import { buildFooter, buildHeaderMenu, type NavContext } from "@/domain/site/navigation";
import { tenantKeyFromParam } from "@/domain/site/tenant";
import type { RouteContext } from "@/domain/site/routes";
import { vehicleNoun } from "@/domain/site/vehicle";
import { countryFormat } from "@/domain/format/country";
import type { SiteContext } from "@/domain/site/context";
import { catalogue, SITES_TAG } from "@/server/cache";
import { serverNow } from "@/server/clock";
import { getDb } from "@/server/db";
import { getSiteByKey, listDealerships, listLocations } from "@/server/repositories/sites";
import { liveOffers } from "@/domain/content/content";
import { listContent, listPageSlugs } from "@/server/repositories/content";
import { listSpecialHours } from "@/server/repositories/locations";
import { getStockSummary } from "@/server/repositories/stock";

/**
 * Everything a tenant page needs about its site — the SPEC §3 "website session" (navigation,
 * special hours, locations) plus the site record, features and stock summary — from one server
 * function: once per request, reused for a few seconds across requests.
 */
export const getSiteContext = cache((param: string) =>
  catalogue.cached(`site-context:${param}`, [SITES_TAG], () => loadSiteContext(param)),
);

async function loadSiteContext(param: string): Promise<SiteContext | null> {
  const db = await getDb();
  const site = await getSiteByKey(db, tenantKeyFromParam(param));
  if (!site) return null;
  const now = serverNow();
  const [locations, dealerships, stock, specialHours, pages, offerRows] = await Promise.all([
    listLocations(db, site.id),
    listDealerships(db, site.id),
    getStockSummary(db, site, now),
    listSpecialHours(db, site.id),
    listPageSlugs(db, site.id, now),
    listContent(db, site.id, "offer"),
  ]);
  const offers = liveOffers(offerRows, now).length;
  const features = resolveFeatures(site);
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
    offers,
    header: buildHeaderMenu(nav),
    footer: buildFooter(nav),
    routes,
    accounts: siteAccounts(site, features),
    theme,
  };
}

export type { SiteContext };
