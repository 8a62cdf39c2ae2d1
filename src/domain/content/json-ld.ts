import type { Location, OpeningHourEntry, SiteRecord } from "../site/types";
import type { ContentEntry } from "./types";
import { siteHours } from "@/domain/site/hours";
import { placeUrl } from "@/domain/locations/geo";

/*
 * schema.org data for search engines: AutoDealer on home and location pages,
 * BreadcrumbList on deep pages, Article on posts. Plain objects; <JsonLd> writes them safely.
 */

const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The absolute URL of a path on the site. */
export const absoluteUrl = (site: Pick<SiteRecord, "url">, path: string) => new URL(path, site.url).toString();

export type Crumb = { label: string; href: string };

export function breadcrumbJsonLd(site: Pick<SiteRecord, "url">, crumbs: Crumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({ "@type": "ListItem", position: i + 1, name: c.label, item: absoluteUrl(site, c.href) })),
  };
}

/** Open days as schema.org OpeningHoursSpecification (closed and by-appointment days are left out). */
export function openingHoursSpecification(hours: OpeningHourEntry[]) {
  return hours
    .filter((h) => h.status === "Open" && h.open && h.close)
    .sort((a, b) => ((a.weekday + 6) % 7) - ((b.weekday + 6) % 7))
    .map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${DAYS[h.weekday]}`,
      opens: h.open,
      closes: h.close,
    }));
}

type Rating = { count: number; average: number } | null;

function rating(r: Rating) {
  return r && r.count > 0
    ? { aggregateRating: { "@type": "AggregateRating", ratingValue: r.average, reviewCount: r.count, bestRating: 5, worstRating: 1 } }
    : {};
}

function place(site: Pick<SiteRecord, "url" | "name">, l: Location, path: string) {
  return {
    name: l.name,
    url: absoluteUrl(site, path),
    telephone: l.contactDetail.phone,
    ...(l.contactDetail.email ? { email: l.contactDetail.email } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: l.address.street,
      addressLocality: l.address.city,
      addressRegion: l.address.state,
      postalCode: l.address.postcode,
    },
    geo: { "@type": "GeoCoordinates", latitude: l.address.lat, longitude: l.address.long },
    hasMap: placeUrl(l.address),
    openingHoursSpecification: openingHoursSpecification(l.openingHours),
  };
}

const dealerType = (l: Location) => (l.locationType === "service" || l.locationType === "parts" ? "AutoRepair" : "AutoDealer");

/** A location page's AutoDealer (an AutoRepair for a service or parts location), with its own rating. */
export function locationJsonLd(site: Pick<SiteRecord, "url" | "name">, l: Location, countryCode: string) {
  const r = l.reviewCount && l.averageRating ? { count: l.reviewCount, average: l.averageRating } : null;
  const p = place(site, l, `/our-location/${l.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": dealerType(l),
    ...p,
    address: { ...p.address, addressCountry: countryCode },
    parentOrganization: { "@type": "AutoDealer", name: site.name, url: site.url },
    ...rating(r),
  };
}

/** The home page's AutoDealer: the dealer group at its primary location, its other locations as departments. */
export function siteJsonLd(site: SiteRecord, locations: Location[], reviews: Rating, image: string | null) {
  const primary = locations.find((l) => l.isPrimary) ?? locations[0];
  const base = {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: site.name,
    url: site.url,
    ...(site.phone ? { telephone: site.phone } : {}),
    ...(site.email ? { email: site.email } : {}),
    ...(image ? { image: absoluteUrl(site, image) } : {}),
    sameAs: Object.values(site.socialUrls).filter(Boolean),
    currenciesAccepted: site.currency,
    ...rating(reviews),
  };
  if (!primary) return base;
  const p = place(site, primary, `/our-location/${primary.slug}`);
  return {
    ...base,
    address: { ...p.address, addressCountry: site.country },
    geo: p.geo,
    openingHoursSpecification: openingHoursSpecification(siteHours(site, locations)),
    department: locations
      .filter((l) => l.id !== primary.id)
      .map((l) => ({ "@type": dealerType(l), ...place(site, l, `/our-location/${l.slug}`) })),
  };
}

/** A blog post's Article. */
export function articleJsonLd(site: Pick<SiteRecord, "url" | "name">, post: ContentEntry, path: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.summary,
    datePublished: post.publishedAt.toISOString(),
    dateModified: (post.updatedAt > post.publishedAt ? post.updatedAt : post.publishedAt).toISOString(),
    author: post.author ? { "@type": "Person", name: post.author } : { "@type": "Organization", name: site.name },
    publisher: { "@type": "Organization", name: site.name, url: site.url },
    mainEntityOfPage: absoluteUrl(site, path),
    ...(post.image ? { image: [absoluteUrl(site, post.image)] } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: nothing in it can close the script element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
