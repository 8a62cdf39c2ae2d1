/** SPEC §9: a review is shown only when the rating is above 4; the full list holds 12. */
export const MIN_SHOWN_RATING_EXCLUSIVE = 4;
export const FULL_REVIEW_QUANTITY = 12;

export type Review = {
  id: number;
  customer_name: string;
  text: string;
  rating: number;
  review_date: Date;
  reply_text: string | null;
  reply_date: Date | null;
};
export type ReviewSummary = { count: number; average_rating: number };

export function shownReviews<T extends { rating: number }>(reviews: T[], limit = FULL_REVIEW_QUANTITY): T[] {
  return reviews.filter((r) => r.rating > MIN_SHOWN_RATING_EXCLUSIVE).slice(0, limit);
}

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
export type ReviewsTeaser = { summary: ReviewSummary | null; items: Review[] };
