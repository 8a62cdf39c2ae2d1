import { formatCount } from "../format/price";

/** A review is shown only when the rating is above 4; the full list holds 12. */
export const MIN_SHOWN_RATING_EXCLUSIVE = 4;
export const FULL_REVIEW_QUANTITY = 12;

/** gmb_profiles entry: a review profile (a business listing) the site's reviews are written on. */
export type ReviewProfile = { name: string; id: string; review_url: string };

export type Review = {
  id: number;
  customer_name: string;
  text: string;
  rating: number;
  review_date: Date;
  reply_text: string | null;
  reply_date: Date | null;
  /** where the review was written (the site's review profile), when known */
  source: ReviewProfile | null;
};

export const STARS = [5, 4, 3, 2, 1] as const;
export type Star = (typeof STARS)[number];
/** Reviews per star rating, as the reviews service counts them. */
export type RatingDistribution = Record<`${Star}`, number>;
export type ReviewSummary = { count: number; average_rating: number; distribution: RatingDistribution | null };

/**
 * The bars of a summary: each star rating's count and share of all reviews, 5 stars first. Null when
 * the service gave no distribution or one that does not add up to the summary's count (never a bar
 * that contradicts the headline figures).
 */
export function ratingBreakdown(summary: ReviewSummary): { stars: Star; count: number; percent: number }[] | null {
  const d = summary.distribution;
  if (!d || summary.count <= 0) return null;
  const counts = STARS.map((stars) => ({ stars, count: d[`${stars}`] }));
  if (counts.some((c) => !Number.isInteger(c.count) || c.count < 0)) return null;
  if (counts.reduce((n, c) => n + c.count, 0) !== summary.count) return null;
  return counts.map((c) => ({ ...c, percent: Math.round((c.count / summary.count) * 100) }));
}

/**
 * The spread of every rating a page can show: the service's, counting all its reviews, when it gives
 * one that adds up; else that of the reviews we hold (every rating synced, not only those listed).
 * Null when there is neither.
 */
export function reviewsSpread(
  summary: ReviewSummary | null,
  held: RatingDistribution | null,
): { source: "service" | "held"; total: number; rows: NonNullable<ReturnType<typeof ratingBreakdown>> } | null {
  const service = summary ? ratingBreakdown(summary) : null;
  if (service && summary) return { source: "service", total: summary.count, rows: service };
  const total = held ? STARS.reduce((n, s) => n + held[`${s}`], 0) : 0;
  const rows = held && total > 0 ? ratingBreakdown({ count: total, average_rating: 0, distribution: held }) : null;
  return rows ? { source: "held", total, rows } : null;
}

/**
 * What the list of reviews leaves out, in plain words (the spec: a review is shown only when its
 * rating is above 4): that only 5-star reviews are listed, and how many reviews rated 4 or lower the
 * average and the bars count but the list does not.
 */
export function reviewsFilterNote(spread: ReturnType<typeof reviewsSpread>, listed: number): string {
  const rule = `The list below shows only reviews rated above ${MIN_SHOWN_RATING_EXCLUSIVE} out of 5 (5 stars)${listed > 1 ? `, the ${listed} newest.` : listed ? ", the newest." : ": there is none yet."}`;
  if (!spread) return `${rule} The average counts every rating.`;
  const left = spread.total - (spread.rows.find((r) => r.stars === 5)?.count ?? 0);
  if (!left) return `${rule} Every review is rated 5, so none is left out.`;
  const which = spread.source === "service" ? `review${left === 1 ? "" : "s"}` : `review${left === 1 ? "" : "s"} we hold`;
  const counted = spread.source === "service" ? "the average and the bars" : "the bars";
  return `${rule} The other ${formatCount(left)} ${which}, rated ${MIN_SHOWN_RATING_EXCLUSIVE} or lower, ${left === 1 ? "is" : "are"} counted in ${counted} but not listed.`;
}

/** The mean a distribution gives, for checking a summary against its own bars. */
export function distributionAverage(d: RatingDistribution): number {
  const total = STARS.reduce((n, s) => n + d[`${s}`], 0);
  return total ? STARS.reduce((n, s) => n + s * d[`${s}`], 0) / total : 0;
}

/**
 * Where "all reviews" lives: the site's first review profile with an http(s) address (stored content
 * is a stranger's input: any other scheme is never linked).
 */
export function allReviewsLink(profiles: readonly ReviewProfile[]): ReviewProfile | null {
  return profiles.find(isLinkable) ?? null;
}

/** A review's source: the site's profile with that id, when its address is one we may link to. */
export function reviewSource(profiles: readonly ReviewProfile[], id: string | null): ReviewProfile | null {
  const p = id ? profiles.find((x) => x.id === id) : undefined;
  return p && isLinkable(p) ? p : null;
}

const isLinkable = (p: ReviewProfile) =>
  typeof p.review_url === "string" && /^https?:\/\//i.test(p.review_url) && URL.canParse(p.review_url);

/** Average rating with one decimal, e.g. 4.1. */
export const formatRating = (n: number) => (Math.round(n * 10) / 10).toFixed(1);

/** "created_at_time_ago_in_words": less than a minute, 5 minutes, about 1 hour, 3 days, about 1 month, about 2 years. */
export function timeAgoInWords(from: Date, now: number): string {
  const minutes = Math.max(0, Math.round((now - from.getTime()) / 60_000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;
  if (minutes < 1) return "less than a minute";
  if (minutes < 45) return plural(minutes, "minute");
  if (minutes < 90) return "about 1 hour";
  if (minutes < 1440) return `about ${plural(Math.round(minutes / 60), "hour")}`;
  if (minutes < 2520) return "1 day";
  if (minutes < 43_200) return plural(Math.round(minutes / 1440), "day");
  if (minutes < 86_400) return "about 1 month";
  if (minutes < 525_600) return plural(Math.round(minutes / 43_200), "month");
  const years = Math.floor(minutes / 525_600);
  return `about ${plural(years, "year")}`;
}

/** The review summary and a few reviews a page shows beside its other content. */
export type ReviewsTeaser = {
  summary: ReviewSummary | null;
  items: Review[];
  allReviews: ReviewProfile | null;
  /** the ratings of every review held, per star (the spread where the service gives none) */
  held?: RatingDistribution | null;
};
