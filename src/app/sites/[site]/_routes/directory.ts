import "server-only";
import { allReviewsLink, type ReviewsTeaser } from "@/domain/locations/reviews";
import { reviewsService } from "@/server/reviews-service";
import type { SiteContext } from "@/server/site-context";

/** The review summary and the first few reviews shown beside a site's locations (none where reviews are off). */
export async function reviewsTeaser(ctx: SiteContext, count = 3): Promise<ReviewsTeaser> {
  if (!ctx.features.reviews) return { summary: null, items: [], allReviews: null };
  const [summary, items] = await Promise.all([reviewsService.summary(ctx.site.id), reviewsService.list(ctx.site.id, count)]);
  return { summary, items, allReviews: allReviewsLink(ctx.site.gmbProfiles) };
}
