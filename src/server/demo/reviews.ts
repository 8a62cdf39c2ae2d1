import { STARS, type RatingDistribution, type ReviewProfile, type Star } from "@/domain/locations/reviews";
import { CATALOGUE } from "./catalogue";
import { createRng, type Rng } from "./prng";
import type { DemoLocation, DemoSite } from "./sites";

/**
 * Demo reviews that read like a real dealer's: each written on one location's review profile, by a
 * different customer, about that location's brand, with ratings drawn to the summary's own
 * distribution (so the stored items and the headline bars tell the same story).
 */

const FIRST = [
  "Sarah",
  "James",
  "Priya",
  "Liam",
  "Chloe",
  "Noah",
  "Mia",
  "Jack",
  "Aisha",
  "Tom",
  "Emily",
  "Oliver",
  "Grace",
  "Ethan",
  "Mei",
  "Lachlan",
  "Zara",
  "Hamish",
  "Sofia",
  "Ravi",
  "Hannah",
  "Declan",
  "Ngaio",
  "Lucas",
  "Isla",
  "Mohammed",
  "Ruby",
  "Connor",
  "Anjali",
  "Ben",
  "Tahlia",
  "Marcus",
  "Leilani",
  "Sam",
  "Jasmine",
  "Patrick",
  "Ava",
  "Daniel",
  "Olivia",
  "Kai",
] as const;
const LAST_INITIAL = "ABCDEFGHJKLMNOPRSTVW";
const STAFF = ["Dave", "Mel", "Raj", "Hannah", "Marco", "Steph", "Josh", "Leanne", "Tony", "Kylie", "Sam", "Vince"] as const;

type Ctx = { location: string; staff: string; model: string; brand: string };
type Text = (c: Ctx) => string;

const TEXTS: Record<Star, Text[]> = {
  5: [
    (c) =>
      `${c.staff} at ${c.location} made buying our ${c.model} easy. No pressure, straight answers and the car was detailed beautifully on pick-up.`,
    (c) =>
      `Traded in our old wagon and drove away in a ${c.model} the same week. ${c.staff} sorted the finance and kept us updated every step.`,
    (c) => `Booked a test drive online, the car was out the front and ready when we arrived. Great experience with ${c.staff}.`,
    (c) =>
      `Third car we've bought from ${c.location}. Fair trade-in, no surprises on the paperwork, and the after-sales care is excellent.`,
    (c) => `Service was done on time and they rang before doing anything extra. ${c.staff} explained the invoice line by line.`,
    (c) => `${c.staff} found us a ${c.model} in the colour we wanted from another branch and had it here in two days. Highly recommend.`,
    (c) => `Handover was thorough: ${c.staff} set up my phone, went through every feature and followed up a week later to check in.`,
    (c) => `First-time buyer and nervous about it. The team at ${c.location} were patient, honest and never pushy.`,
    (c) => `Drove two hours to buy from ${c.location} because the price was right and the communication was even better.`,
    (c) => `Loan car was ready, service finished early and the ${c.brand} came back washed. Can't ask for more.`,
    (c) => `Great range on the lot and ${c.staff} knew the ${c.model} inside out. Answered all our towing questions.`,
    (c) => `Quick, friendly and honest. Our ${c.model} was delivered with a full tank and a bunch of flowers for my wife.`,
    (c) =>
      `Enquired on a Sunday night, ${c.staff} called first thing Monday with a video walk-around of the car. Bought it that afternoon.`,
    (c) => `Warranty repair handled without any fuss. ${c.location} dealt with ${c.brand} directly and kept me informed.`,
    (c) => `The whole process took under two hours including finance. Very professional team at ${c.location}.`,
    (c) => `${c.staff} went above and beyond to get our trade-in valued properly. Best car buying experience we've had.`,
    (c) => `Spotless showroom, good coffee and a salesperson who actually listened. Love the new ${c.model}.`,
    (c) => `Had a rattle checked under warranty, fixed on the first visit. Thanks ${c.staff} and the workshop team.`,
    (c) => `Bought a used car from ${c.location} sight unseen from interstate. Exactly as described, right down to the service books.`,
    () => `Clear pricing, no hard sell, and they honoured the online price without any argument. Would buy here again.`,
    (c) => `${c.staff} organised a second test drive so my partner could try the ${c.model} too. Patient and genuinely helpful.`,
    (c) => `Pick-up was smooth and ${c.staff} stayed back after close so we could collect the car after work.`,
  ],
  4: [
    (c) => `Good experience overall. A short wait at handover but ${c.staff} was great and the ${c.model} is perfect for us.`,
    () => `Helpful sales staff and a fair trade-in price. Paperwork took a little while.`,
    () => `Service was good value. Would have liked a text when the car was ready rather than a call.`,
    (c) => `${c.location} had the car we wanted at a fair price. Finance took a couple of days longer than promised.`,
    () => `Friendly team and a tidy car. Only missing one of the floor mats at pick-up, which they posted the next day.`,
    () => `Easy test drive booking and no pressure. Lost a star because the online photos didn't show a scratch on the bumper.`,
  ],
  3: [
    (c) => `The ${c.model} is great, but the delivery date moved twice.`,
    () => `Service was fine, though it took most of the day for a standard logbook service.`,
    (c) => `Sales was good, after-sales less so. Took a few calls to get the second key from ${c.location}.`,
  ],
  2: [
    () => `Service booking was moved twice and communication could be better.`,
    (c) => `Waited 40 minutes for someone to help us at ${c.location} on a Saturday morning.`,
  ],
  1: [
    () => `Not happy with how long the repair took. Three weeks without a car and few updates.`,
    (c) => `Was promised a call back about the ${c.model} and never got one.`,
  ],
};

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
    const ctx: Ctx = {
      location: location.name,
      staff: rng.pick(STAFF),
      model: `${make} ${rng.pick(models).model}`.trim(),
      brand: make || "car",
    };
    const name = `${names[i % names.length]} ${LAST_INITIAL[rng.int(0, LAST_INITIAL.length - 1)]}.`;
    const reviewDate = new Date(now - (i * 5 + rng.int(0, 4)) * DAY - rng.int(1, 20) * 3_600_000);
    const replied = rating <= 3 || rng.next() < 0.4;
    const first = name.split(" ")[0];
    const replyText = !replied
      ? null
      : rating <= 3
        ? `Hi ${first}, we're sorry to hear this and would like to make it right. Please call ${location.name} on ${location.phone} and ask for the manager. – The ${site.name} team`
        : `Thanks ${first}, we appreciate you taking the time to share your experience. Enjoy the drive! – The ${location.name} team`;
    return {
      locationId: location.id,
      gmbProfileId: profileIdOf(location),
      customerName: name,
      text: pool[n % pool.length]!(ctx),
      rating,
      reviewDate,
      replyText,
      replyDate: replied ? new Date(Math.min(now, reviewDate.getTime() + DAY + rng.int(1, 20) * 3_600_000)) : null,
    };
  });
}
