import "server-only";
import { allReviewsLink, type ReviewsTeaser } from "@/domain/locations/reviews";
import { reviewsService } from "@/server/content/reviews";
import type { SiteContext } from "@/server/site/context";
import { requestNow } from "@/server/base/clock";
import type { DirectoryProps } from "@/components/locations/locations-directory";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "./site";
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
