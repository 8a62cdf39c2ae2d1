import "server-only";
import { FULL_REVIEW_QUANTITY, type RatingDistribution, type Review, type ReviewSummary } from "@/domain/locations/reviews";
import { catalogue, siteTag } from "@/server/cache";
import { getDb } from "@/server/db";
import { getReviewSummary, heldRatingCounts, listShownReviews } from "@/server/repositories/locations";

/**
 * A dealer reviews section shows ratings from a reviews service (docs/features/locations.md). The reference product
 * reads a hosted reviews service; we read reviews synced into our database behind this interface,
 * so a live provider can be plugged in without touching the pages.
 */
export interface ReviewsService {
  summary(siteId: number): Promise<ReviewSummary | null>;
  list(siteId: number, limit?: number): Promise<Review[]>;
  /** every held review's rating, per star: the spread a page shows where the service gives none */
  held(siteId: number): Promise<RatingDistribution | null>;
}

export const reviewsService: ReviewsService = {
  summary: (siteId) =>
    catalogue.cached(`reviews-summary:${siteId}`, [siteTag(siteId)], async () => getReviewSummary(await getDb(), siteId)),
  list: (siteId, limit = FULL_REVIEW_QUANTITY) =>
    catalogue.cached(`reviews:${siteId}:${limit}`, [siteTag(siteId)], async () =>
      listShownReviews(await getDb(), siteId, Math.min(limit, FULL_REVIEW_QUANTITY)),
    ),
  held: (siteId) => catalogue.cached(`reviews-held:${siteId}`, [siteTag(siteId)], async () => heldRatingCounts(await getDb(), siteId)),
};
