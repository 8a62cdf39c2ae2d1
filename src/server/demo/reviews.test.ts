import { describe, expect, test } from "vitest";
import { distributionAverage, formatRating, STARS } from "@/domain/locations/reviews";
import words from "./data/reviews.json" with { type: "json" };
import { createRng } from "./prng";
import { demoReviews, ratingsFor, reviewProfiles } from "./reviews";
import { DEMO_SITES } from "./sites";

const NOW = Date.UTC(2026, 10, 18, 0, 0);
const parkside = DEMO_SITES.find((s) => s.slug === "parkside-motor-group")!;

describe("demo reviews", () => {
  const reviews = demoReviews(parkside, NOW);

  test("the summary's distribution adds up to its count and gives its average (DEMO_DATA: 1525, 4.1)", () => {
    const { count, average, distribution } = parkside.reviews!;
    expect(STARS.reduce((n, s) => n + distribution[`${s}`], 0)).toBe(count);
    expect(formatRating(distributionAverage(distribution))).toBe(formatRating(average));
  });

  test("stored items follow the distribution, ratings 1 to 5, with enough above 4 to fill the full list", () => {
    expect(reviews).toHaveLength(parkside.reviews!.items);
    const per = (s: number) => reviews.filter((r) => r.rating === s).length;
    expect(STARS.map(per)).toEqual([22, 9, 4, 2, 3]);
    expect(per(5)).toBeGreaterThanOrEqual(12);
  });

  test("names and the shown texts vary; every review names its location's profile", () => {
    expect(new Set(reviews.map((r) => r.customerName)).size).toBe(reviews.length);
    const shown = reviews.filter((r) => r.rating > 4);
    expect(new Set(shown.map((r) => r.text)).size).toBe(shown.length);
    const profiles = new Set(reviewProfiles(parkside).map((p) => p.id));
    expect(reviews.every((r) => r.gmbProfileId && profiles.has(r.gmbProfileId))).toBe(true);
    expect(new Set(reviews.map((r) => r.locationId)).size).toBe(5);
  });

  test("low ratings get a reply that invites the customer to call; no date lies in the future", () => {
    for (const r of reviews.filter((x) => x.rating <= 3)) expect(r.replyText).toMatch(/call .* on \(03\)/);
    for (const r of reviews) {
      expect(r.reviewDate.getTime()).toBeLessThanOrEqual(NOW);
      if (r.replyDate) expect(r.replyDate.getTime()).toBeLessThanOrEqual(NOW);
    }
  });

  test("the same site and clock give the same reviews", () => expect(demoReviews(parkside, NOW)).toEqual(reviews));

  test.each([
    [{ 5: 1, 4: 1, 3: 1, 2: 1, 1: 1 }, 5, [1, 1, 1, 1, 1]],
    [{ 5: 3, 4: 1, 3: 0, 2: 0, 1: 0 }, 8, [6, 2, 0, 0, 0]],
    [{ 5: 820, 4: 350, 3: 150, 2: 80, 1: 125 }, 12, [6, 3, 1, 1, 1]], // largest remainders: 6.45, 2.75, 1.18, 0.63, 0.98
  ])("ratingsFor(%j, %i) gives %j per star", (d, n, want) => {
    const r = ratingsFor(d, n, createRng(1));
    expect(r).toHaveLength(n);
    expect(STARS.map((s) => r.filter((x) => x === s).length)).toEqual(want);
  });

  test("profiles link to a maps search for the location", () => {
    for (const p of reviewProfiles(parkside))
      expect(p.review_url).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Parkside/);
  });
});

// the words are data (data/reviews.json): a text names only what a review fills in, a reply only what a reply does
test("the review texts and replies name only known fields", () => {
  const names = (t: string) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  for (const t of Object.values(words.texts).flat()) for (const n of names(t)) expect(["location", "staff", "model", "brand"]).toContain(n);
  for (const t of Object.values(words.replies)) for (const n of names(t)) expect(["first", "location", "phone", "site"]).toContain(n);
  expect(Object.keys(words.texts).sort()).toEqual(STARS.map(String).sort());
});
