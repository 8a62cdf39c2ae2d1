import "server-only";
import { and, asc, count, desc, eq, gt, isNull } from "drizzle-orm";
import { normalizeSpecialHours } from "@/domain/locations/hours";
import type { RatingDistribution, Review, ReviewSummary } from "@/domain/locations/reviews";
import { MIN_SHOWN_RATING_EXCLUSIVE, reviewSource, STARS } from "@/domain/locations/reviews";
import type { SpecialHoursEntry } from "@/domain/site/types";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

export async function listSpecialHours(db: Db, siteId: number): Promise<SpecialHoursEntry[]> {
  const rows = await db.select().from(t.specialHours).where(eq(t.specialHours.siteId, siteId)).orderBy(asc(t.specialHours.date));
  return rows.map((r) =>
    normalizeSpecialHours({
      date: r.date,
      name: r.name,
      status: r.status,
      start_hour: r.startHour,
      end_hour: r.endHour,
      location_id: r.locationId,
    }),
  );
}

/** The site's review summary (location_id null), or one location's. */
export async function getReviewSummary(db: Db, siteId: number, locationId: number | null = null): Promise<ReviewSummary | null> {
  const [row] = await db
    .select()
    .from(t.reviewSummaries)
    .where(
      and(
        eq(t.reviewSummaries.siteId, siteId),
        locationId === null ? isNull(t.reviewSummaries.locationId) : eq(t.reviewSummaries.locationId, locationId),
      ),
    )
    .limit(1);
  return row ? { count: row.count, average_rating: row.averageRating, distribution: row.distribution ?? null } : null;
}

/** How many of the site's reviews held here have each star rating (all of them, not only those listed); null when it holds none. */
export async function heldRatingCounts(db: Db, siteId: number): Promise<RatingDistribution | null> {
  const rows = await db
    .select({ rating: t.reviews.rating, n: count() })
    .from(t.reviews)
    .where(eq(t.reviews.siteId, siteId))
    .groupBy(t.reviews.rating);
  if (!rows.length) return null;
  const of = (star: number) => rows.find((r) => r.rating === star)?.n ?? 0;
  return Object.fromEntries(STARS.map((s) => [`${s}`, of(s)])) as RatingDistribution;
}

/** Newest reviews rated above 4 (docs/features/locations.md). */
export async function listShownReviews(db: Db, siteId: number, limit: number): Promise<Review[]> {
  const rows = await db
    .select({ r: t.reviews, profiles: t.sites.gmbProfiles })
    .from(t.reviews)
    .innerJoin(t.sites, eq(t.sites.id, t.reviews.siteId))
    .where(and(eq(t.reviews.siteId, siteId), gt(t.reviews.rating, MIN_SHOWN_RATING_EXCLUSIVE)))
    .orderBy(desc(t.reviews.reviewDate), desc(t.reviews.id))
    .limit(limit);
  return rows.map(({ r, profiles }) => ({
    id: r.id,
    customer_name: r.customerName,
    text: r.text,
    rating: r.rating,
    review_date: r.reviewDate,
    reply_text: r.replyText,
    reply_date: r.replyDate,
    source: reviewSource(profiles, r.gmbProfileId),
  }));
}
