import "server-only";
import { allReviewsLink, type ReviewsTeaser } from "@/domain/locations/reviews";
import { reviewsService } from "@/server/content/reviews";
import type { SiteContext } from "@/server/site/context";
import { requestNow } from "@/server/base/clock";
import type { DirectoryProps } from "@/components/locations/locations-directory";
import type { Metadata } from "next";
import { FULL_REVIEW_QUANTITY } from "@/domain/locations/reviews";
import { distanceKm } from "@/domain/locations/geo";
import type { DealershipGroup } from "@/components/locations/location-pages";
import { contentMetadata } from "./content";
import { refusedForm } from "./form";
import { oneParam, requireLocation, requireSite, type SearchParams, type SiteParams, type SlugParams } from "./site";
import { distancesFrom, parseNear } from "@/domain/locations/near";
import { nearPoint } from "@/server/geo/near";

/** The review summary and the first few reviews shown beside a site's locations (none where reviews are off). */
export async function reviewsTeaser(ctx: SiteContext, count = 3): Promise<ReviewsTeaser> {
  if (!ctx.features.reviews) return { summary: null, items: [], allReviews: null };
  const [summary, items, held] = await Promise.all([
    reviewsService.summary(ctx.site.id),
    reviewsService.list(ctx.site.id, count),
    reviewsService.held(ctx.site.id),
  ]);
  return { summary, items, allReviews: allReviewsLink(ctx.site.gmbProfiles), held };
}

/** GET /dealerships and /our-locations: the site, the filters the query asks for (type, dealership), the reviews. */
export async function directoryProps(
  params: SiteParams,
  searchParams: SearchParams,
  path: "/dealerships" | "/our-locations",
): Promise<DirectoryProps> {
  const ctx = await requireSite(params, path);
  const query = await searchParams;
  // `?postcode=` (Australia) or `?near=` from the browser's position
  const near = parseNear({ postcode: oneParam(query.postcode), near: oneParam(query.near) }, ctx.site.country);
  const point = nearPoint(near, ctx.site.country);
  return {
    ctx,
    path,
    type: oneParam(query.type),
    dealership: oneParam(query.dealership),
    now: requestNow(),
    reviews: await reviewsTeaser(ctx),
    ...(near ? { near: { query: near, distances: point ? Object.fromEntries(distancesFrom(point, ctx.locations)) : null } } : {}),
  };
}

/** GET /dealerships/all: each dealership with its locations, then the locations of none ("Other locations"); a dealership without locations is left out. */
export async function loadAllDealerships(params: SiteParams) {
  const ctx = await requireSite(params, "/dealerships/all");
  const groups: DealershipGroup[] = ctx.dealerships.map((d) => ({
    dealership: d,
    locations: ctx.locations.filter((l) => l.dealershipId === d.id),
  }));
  const unassigned = ctx.locations.filter((l) => !ctx.dealerships.some((d) => d.id === l.dealershipId));
  if (unassigned.length) groups.push({ dealership: { id: 0, name: "Other locations", make: null }, locations: unassigned });
  return { ctx, now: requestNow(), groups: groups.filter((g) => g.locations.length > 0) };
}

/** GET /our-location/{slug}: the location, and the site's others nearest first. */
export async function loadLocation(params: SlugParams) {
  const { ctx, location } = await requireLocation(params);
  const others = ctx.locations
    .filter((o) => o.id !== location.id)
    .map((o) => ({ location: o, km: distanceKm(location.address, o.address) }))
    .sort((a, b) => a.km - b.km);
  return { ctx, location, now: requestNow(), others };
}

export async function locationMetadata(params: SlugParams): Promise<Metadata> {
  const { ctx, location } = await requireLocation(params);
  return contentMetadata(ctx, {
    title: location.name,
    description: `${location.name}, ${location.address.street}, ${location.address.city}: opening hours, phone, directions and our team.`,
    path: `/our-location/${location.slug}`,
    image: location.image,
  });
}

/** GET /contact-us/{slug}: the location, and its contact form's refused post and submission token. */
export async function loadContactLocation(params: SlugParams) {
  const { ctx, location } = await requireLocation(params);
  return { ctx, location, now: requestNow(), refused: await refusedForm(ctx, "contact"), submissionToken: crypto.randomUUID() };
}

export async function contactLocationMetadata(params: SlugParams): Promise<Metadata> {
  const { ctx, location } = await requireLocation(params);
  return contentMetadata(ctx, {
    title: `Contact ${location.name}`,
    description: `Send ${location.name} a message, or call ${location.contactDetail.phone}.`,
    path: `/contact-us/${location.slug}`,
  });
}

/** GET /reviews: the full list (the reviews rated above 4), where the reviews flag is on. */
export async function loadReviews(params: SiteParams) {
  const ctx = await requireSite(params, "/reviews");
  return { siteName: ctx.site.name, locale: ctx.format.locale, teaser: await reviewsTeaser(ctx, FULL_REVIEW_QUANTITY), now: requestNow() };
}
