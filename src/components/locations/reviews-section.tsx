import Link from "next/link";
import { Star } from "lucide-react";
import { formatCount } from "@/domain/format/price";
import { formatRating, timeAgoInWords, type Review, type ReviewSummary } from "@/domain/locations/reviews";

function Stars({ rating }: { rating: number }) {
  return (
    <span className="inline-flex" aria-label={`${formatRating(rating)} out of 5 stars`} role="img">
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden
          className={i <= Math.round(rating) ? "size-4 fill-amber-500 text-amber-600" : "size-4 text-neutral-400"}
        />
      ))}
    </span>
  );
}

/** SPEC §2 reviews section: count with thousands separators, the average, items with an optional reply. */
export function ReviewsSection({
  summary,
  reviews,
  now,
  locale,
  heading = "Customer Reviews",
  moreLink = true,
}: {
  summary: ReviewSummary | null;
  reviews: Review[];
  now: number;
  locale: string;
  heading?: string;
  moreLink?: boolean;
}) {
  if (!summary && reviews.length === 0) return null;
  const date = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric" });
  return (
    <section aria-labelledby="reviews-heading" className="mx-auto max-w-7xl px-4 py-12" data-testid="reviews">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-heading" className="text-2xl font-bold">
            {heading}
          </h2>
          {summary && (
            <p className="mt-1 flex items-center gap-2 text-lg" data-testid="reviews-summary">
              <span className="text-3xl font-extrabold">{formatRating(summary.average_rating)}</span>
              <Stars rating={summary.average_rating} />
              <span className="text-neutral-700">{formatCount(summary.count)} reviews</span>
            </p>
          )}
          {reviews.length > 0 && (
            <p className="mt-1 text-sm text-neutral-700" data-testid="reviews-rule">
              {summary ? `The rating is from all ${formatCount(summary.count)} reviews; we` : "We"} show reviews rated above 4 out of 5.
            </p>
          )}
        </div>
        {moreLink && (
          <Link href="/reviews" className="font-semibold text-brand underline">
            Read more reviews
          </Link>
        )}
      </div>
      <ul className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
        {reviews.map((r) => (
          <li key={r.id} className="rounded-lg border border-neutral-200 p-5" data-testid="review">
            <article>
              <header className="flex items-center justify-between gap-2">
                <h3 className="font-bold">{r.customer_name}</h3>
                <Stars rating={r.rating} />
              </header>
              <p className="mt-1 text-sm text-neutral-700">
                <time dateTime={r.review_date.toISOString()}>{date.format(r.review_date)}</time> · {timeAgoInWords(r.review_date, now)} ago
              </p>
              <p className="mt-3">{r.text}</p>
              {r.reply_text && (
                <div className="mt-3 border-l-4 border-brand bg-neutral-50 p-3 text-sm">
                  <p className="font-semibold">Reply from the dealer</p>
                  <p>{r.reply_text}</p>
                </div>
              )}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
