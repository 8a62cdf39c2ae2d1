import { ExternalLink, Star } from "@/components/ui/icons";
import { formatCount } from "@/domain/format/price";
import { formatRating, reviewsFilterNote, reviewsSpread, timeAgoInWords, type ReviewsTeaser } from "@/domain/locations/reviews";
import { EVENT_IDS } from "@/domain/analytics/events";

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

/**
 * The bars: how many reviews gave each star rating, the true spread and not only the listed ones (the
 * service's count of all reviews, else the reviews held here, captioned as such).
 */
function Breakdown({ spread }: { spread: NonNullable<ReturnType<typeof reviewsSpread>> }) {
  return (
    <>
      {spread.source === "held" && (
        <p className="mt-3 text-sm text-neutral-700" data-testid="reviews-breakdown-caption">
          Ratings of the {formatCount(spread.total)} reviews we hold:
        </p>
      )}
      <ul className="mt-3 w-full max-w-sm space-y-1 text-sm" aria-label="Reviews by rating" data-testid="reviews-breakdown">
        {spread.rows.map((r) => (
          <li key={r.stars} className="grid grid-cols-[4.5rem_1fr_3.5rem] items-center gap-2">
            <span>
              {r.stars} star{r.stars === 1 ? "" : "s"}
            </span>
            <span aria-hidden className="h-2 overflow-hidden rounded-full bg-neutral-200">
              <span className="block h-full rounded-full bg-amber-500" style={{ width: `${r.percent}%` }} />
            </span>
            <span className="text-right tabular-nums text-neutral-700">
              {formatCount(r.count)}
              <span className="sr-only"> reviews ({r.percent}%)</span>
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Reviews section: count with thousands separators, the average, items with an optional reply. */
export function ReviewsSection({
  teaser: { summary, items: reviews, allReviews, held = null },
  now,
  locale,
  heading = "Customer Reviews",
  moreLink = true,
}: {
  teaser: ReviewsTeaser;
  now: number;
  locale: string;
  heading?: string;
  moreLink?: boolean;
}) {
  if (!summary && reviews.length === 0) return null;
  const spread = reviewsSpread(summary, held);
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
          {spread && <Breakdown spread={spread} />}
          {/* the spec's rule (only ratings above 4 are listed), said plainly with what it leaves out */}
          <p className="mt-2 max-w-xl text-sm text-neutral-700" data-testid="reviews-rule">
            {reviewsFilterNote(spread, reviews.length)}
          </p>
        </div>
        <div className="flex flex-col items-start gap-2">
          {moreLink && (
            <a href="/reviews" className="font-semibold text-brand underline">
              Read more reviews
            </a>
          )}
          {allReviews && (
            <a
              href={allReviews.review_url}
              className="inline-flex items-center gap-1 font-semibold text-brand underline"
              rel="noopener noreferrer"
              target="_blank"
              data-testid="all-reviews"
              data-track={EVENT_IDS.reviewClick}
            >
              {summary ? `Read all ${formatCount(summary.count)} reviews` : "Read all reviews"} on {allReviews.name.replace(/^.* on /, "")}
              <ExternalLink aria-hidden className="size-4" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </div>
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
                {r.source && (
                  <>
                    {" · "}
                    <a
                      href={r.source.review_url}
                      className="underline"
                      rel="noopener noreferrer"
                      target="_blank"
                      data-testid="review-source"
                    >
                      {r.source.name}
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  </>
                )}
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
