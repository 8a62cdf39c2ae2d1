// @vitest-environment happy-dom
import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { RatingDistribution, ReviewsTeaser } from "@/domain/locations/reviews";
import { ReviewsSection } from "./reviews-section";

/* /reviews: the spread of every rating beside the list, and plainly what the list leaves out. */
const five = {
  id: 1,
  customer_name: "Mary",
  text: "Great service",
  rating: 5,
  review_date: new Date("2026-11-01T00:00:00Z"),
  reply_text: null,
  reply_date: null,
  source: null,
};
const held: RatingDistribution = { 5: 20, 4: 10, 3: 5, 2: 3, 1: 2 };
const html = (teaser: Partial<ReviewsTeaser>) => {
  const div = document.createElement("div");
  div.innerHTML = renderToString(
    <ReviewsSection
      teaser={{ summary: null, items: [five], allReviews: null, ...teaser }}
      now={Date.parse("2026-12-01T00:00:00Z")}
      locale="en-AU"
      moreLink={false}
    />,
  );
  return div;
};
const bars = (div: HTMLElement) => [...div.querySelectorAll('[data-testid="reviews-breakdown"] li')].map((li) => li.textContent);

describe("ReviewsSection", () => {
  test("the service's spread of all reviews, and what the list leaves out", () => {
    const div = html({ summary: { count: 1525, average_rating: 4.1, distribution: { 5: 820, 4: 350, 3: 150, 2: 80, 1: 125 } }, held });
    expect(bars(div)).toEqual([
      "5 stars820 reviews (54%)",
      "4 stars350 reviews (23%)",
      "3 stars150 reviews (10%)",
      "2 stars80 reviews (5%)",
      "1 star125 reviews (8%)",
    ]);
    expect(div.querySelector('[data-testid="reviews-rule"]')!.textContent).toBe(
      "The list below shows only reviews rated above 4 out of 5 (5 stars), the newest. The other 705 reviews, rated 4 or lower, are counted in the average and the bars but not listed.",
    );
  });

  test("a service without a spread: the ratings of the reviews held, said to be those", () => {
    const div = html({ summary: { count: 1525, average_rating: 4.1, distribution: null }, held });
    expect(bars(div)[0]).toBe("5 stars20 reviews (50%)");
    expect(div.querySelector('[data-testid="reviews-breakdown-caption"]')!.textContent).toBe("Ratings of the 40 reviews we hold:");
    expect(div.querySelector('[data-testid="reviews-rule"]')!.textContent).toContain(
      "The other 20 reviews we hold, rated 4 or lower, are counted in the bars but not listed.",
    );
  });

  test("nothing rated above 4 yet: the page still says what it filters", () => {
    const div = html({ items: [], summary: { count: 2, average_rating: 3, distribution: { 5: 0, 4: 1, 3: 0, 2: 1, 1: 0 } } });
    expect(div.querySelector('[data-testid="reviews-rule"]')!.textContent).toContain("there is none yet");
  });
});
