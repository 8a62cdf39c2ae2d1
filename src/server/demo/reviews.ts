import { STARS, type RatingDistribution, type ReviewProfile, type Star } from "@/domain/locations/reviews";
import { own } from "@/domain/own";
import { CATALOGUE } from "./catalogue";
import data from "./data/reviews.json" with { type: "json" };
import { createRng, type Rng } from "./prng";
import type { DemoLocation, DemoSite } from "./sites";

/**
 * Demo reviews that read like a real dealer's: each written on one location's review profile, by a
 * different customer, about that location's brand, with ratings drawn to the summary's own
 * distribution (so the stored items and the headline bars tell the same story). The names and words
 * are data (data/reviews.json); the draw is here.
 */

const { customers: FIRST, lastInitials: LAST_INITIAL, staff: STAFF, replies: REPLIES } = data;
/** Each rating's texts (data/reviews.json), their {location}, {staff}, {model} and {brand} filled in per review. */
const TEXTS: Record<Star, string[]> = data.texts;

/** A text with its {name}s filled in; an unknown name throws, so a misspelt one in the data is not printed. */
function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = own(values, name);
    if (value === undefined) throw new Error(`data/reviews.json: unknown {${name}} in "${template}"`);
    return value;
  });
}

/** Deterministic Fisher–Yates shuffle. */
function shuffle<T>(items: T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Ratings for `n` items in the distribution's proportions (largest remainders), in a shuffled order. */
export function ratingsFor(d: RatingDistribution, n: number, rng: Rng): Star[] {
  const total = STARS.reduce((s, k) => s + d[`${k}`], 0);
  const exact = STARS.map((k) => ({ k, q: (d[`${k}`] / total) * n }));
  const counts = new Map(exact.map((e) => [e.k, Math.floor(e.q)]));
  let left = n - [...counts.values()].reduce((a, b) => a + b, 0);
  for (const e of [...exact].sort((a, b) => b.q - Math.floor(b.q) - (a.q - Math.floor(a.q)))) {
    if (left-- <= 0) break;
    counts.set(e.k, counts.get(e.k)! + 1);
  }
  return shuffle(
    STARS.flatMap((k) => Array<Star>(counts.get(k)!).fill(k)),
    rng,
  );
}

/** A location's review profile id (null for a location without one). */
export const profileIdOf = (l: DemoLocation) => (l.rating ? `gmb-${l.id}` : null);

/** The site's review profiles: one per rated location, linking to its public reviews. */
export function reviewProfiles(site: DemoSite): ReviewProfile[] {
  return site.locations.flatMap((l) => {
    const id = profileIdOf(l);
    if (!id) return [];
    const query = encodeURIComponent(`${l.name} ${l.street} ${l.city} ${l.state}`);
    return [{ id, name: `${l.name} on Google`, review_url: `https://www.google.com/maps/search/?api=1&query=${query}` }];
  });
}

const DAY = 86_400_000;

export type DemoReview = {
  locationId: number;
  gmbProfileId: string | null;
  customerName: string;
  text: string;
  rating: Star;
  reviewDate: Date;
  replyText: string | null;
  replyDate: Date | null;
};

export function demoReviews(site: DemoSite, now: number): DemoReview[] {
  if (!site.reviews) return [];
  const rng = createRng(site.id * 104_729);
  const { items, distribution } = site.reviews;
  const ratings = ratingsFor(distribution, items, rng);
  const rated = site.locations.filter((l) => l.rating);
  const names = shuffle([...FIRST], rng);
  const texts = new Map(STARS.map((k) => [k, shuffle(TEXTS[k], rng)]));
  const used = new Map<Star, number>();
  return ratings.map((rating, i) => {
    const location = rated[i % rated.length] ?? site.locations[0]!;
    const make = site.dealerships.find((d) => d.id === location.dealershipId)?.name.replace(/^.*? /, "") ?? "";
    const models = CATALOGUE[make === "Škoda" ? "Skoda" : make] ?? CATALOGUE.Toyota!;
    const n = used.get(rating) ?? 0;
    used.set(rating, n + 1);
    const pool = texts.get(rating)!;
    const ctx = {
      location: location.name,
      staff: rng.pick(STAFF),
      model: `${make} ${rng.pick(models).model}`.trim(),
      brand: make || "car",
    };
    const name = `${names[i % names.length]} ${LAST_INITIAL[rng.int(0, LAST_INITIAL.length - 1)]}.`;
    const reviewDate = new Date(now - (i * 5 + rng.int(0, 4)) * DAY - rng.int(1, 20) * 3_600_000);
    const replied = rating <= 3 || rng.next() < 0.4;
    const first = name.split(" ")[0];
    const reply = { first: first!, location: location.name, phone: location.phone, site: site.name };
    const replyText = !replied ? null : fill(rating <= 3 ? REPLIES.sorry : REPLIES.thanks, reply);
    return {
      locationId: location.id,
      gmbProfileId: profileIdOf(location),
      customerName: name,
      text: fill(pool[n % pool.length]!, ctx),
      rating,
      reviewDate,
      replyText,
      replyDate: replied ? new Date(Math.min(now, reviewDate.getTime() + DAY + rng.int(1, 20) * 3_600_000)) : null,
    };
  });
}
