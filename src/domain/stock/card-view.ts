import { countryFormat, formatOdometer, priceTypeLabel } from "../format/country";
import { IMAGE_QUALITY } from "../format/image";
import { formatPrice } from "../format/price";
import type { SiteContext } from "../site/context";
import { enquireButtonText, subscriptionLine, usedWord } from "../site/features";
import { cardRepayment, financeFor, financeOf, repaymentNote, type FinanceSettings } from "../site/finance";
import { ratesInForce } from "../site/finance-rates";
import { localTime } from "../locations/hours";
import { distanceLabel } from "../locations/near";
import { ESTIMATE_WORDS, estimateText, siteEstimate, type AuState } from "../pricing/drive-away";
import { dealerState } from "../site/region";
import { vehicleHref } from "../site/vehicle";
import type { FavouriteCar } from "./favourites";
import { conditionLabel, specGroups } from "./specs";
import { displayImage, vehicleFacts, vehicleKind, vehicleTags, vehicleTitle, type Vehicle } from "./vehicle";

/*
 * What a vehicle card shows, worked out once from the vehicle and the site: the search results,
 * the home-page rows, similar cars and the saved-vehicles page (which reads it as JSON) all render
 * this, so a card says the same everywhere.
 */

/** What a card needs from the site: template, country, wording, one "now" and location names. */
export type CardContext = {
  template: string;
  subscriptions: boolean;
  imageQuality: number;
  country: string;
  enquireText: string;
  usedWord: string;
  now: number;
  /** the site's date at `now`, "YYYY-MM-DD": which finance offers are running */
  today: string;
  locationNames: Record<number, string>;
  /** the site's repayment terms */
  finance: FinanceSettings;
  /** each location's distance from the shopper (km), where they said where they are */
  distances?: Record<number, number>;
  /** the state an Australian site's drive-away estimates are for (its primary location's) */
  state?: AuState | null;
};

export function cardContext(ctx: SiteContext, now: number): CardContext {
  return {
    template: ctx.site.template,
    subscriptions: ctx.features.offers_subscription,
    imageQuality: ctx.features.low_image_quality ? IMAGE_QUALITY.low : IMAGE_QUALITY.default,
    country: ctx.site.country,
    enquireText: enquireButtonText(ctx.features),
    usedWord: usedWord(ctx.features),
    now,
    today: localTime(now, ctx.site.timezone).date,
    locationNames: Object.fromEntries(ctx.locations.map((l) => [l.id, l.name])),
    finance: financeOf(ctx.site),
    state: dealerState(ctx.site.country, ctx.locations),
  };
}

/** What the drive-away estimate needs from a card's site (docs/features/finance.md). */
export const driveAwaySite = (ctx: Pick<CardContext, "country" | "state" | "finance">) => ({
  country: ctx.country,
  state: ctx.state ?? null,
  deliveryCharge: ctx.finance.delivery_charge,
});

/**
 * The note a page with these cards carries: null unless one of them shows a repayment. Each card's
 * repayment is at the rate for its car, so the note names every rate a car can get today.
 */
export function cardsNote(
  ctx: Pick<CardContext, "finance" | "country" | "today">,
  views: ReadonlyArray<Pick<CardView, "repayment" | "priceType">>,
): string | null {
  // a card whose repayment is on its drive-away estimate shows the estimate beside its price type
  const onDriveAway = views.some((v) => v.repayment && v.priceType?.includes(ESTIMATE_WORDS));
  return views.some((v) => v.repayment)
    ? repaymentNote(ctx.finance, countryFormat(ctx.country).country, ratesInForce(ctx.finance, ctx.today), onDriveAway)
    : null;
}

export type CardView = {
  id: number;
  href: string;
  title: string;
  image: string;
  imageQuality: number;
  /** "New", "Demo", "Used" or "Pre-owned", with " · Coming soon" when it is */
  condition: string;
  price: string;
  priceType: string | null;
  /** "Or subscribe from $309 a week" on a site that offers subscriptions, else null */
  subscription: string | null;
  /** the indicative repayment, "$129/wk*"; null where none is shown */
  repayment: string | null;
  /** how far its location is from the shopper, "12 km away"; null where they have not said */
  distance: string | null;
  /** odometer, transmission, fuel, berths: what a shopper scans a card for */
  facts: string[];
  location: string | null;
  tags: string[];
  sold: boolean;
  enquireText: string;
  /** with id, title and image, what a saved car keeps (favouriteOf) */
  slug: string;
  make: string;
  model: string;
};

/** A card on the saved-vehicles page, which compares cars: label → value, side by side. */
export type ComparableCard = CardView & { specs: Array<[label: string, value: string]> };

export const toFavourite = (v: Vehicle): FavouriteCar => ({
  id: v.id,
  name: vehicleTitle(v),
  slug: v.slug,
  make: v.make,
  model: v.model,
  primary_image_url: displayImage(v),
});

/** What the heart on a card saves: the same as toFavourite of its vehicle. */
export const favouriteOf = (v: CardView): FavouriteCar => ({
  id: v.id,
  name: v.title,
  slug: v.slug,
  make: v.make,
  model: v.model,
  primary_image_url: v.image,
});

export function cardView(v: Vehicle, ctx: CardContext): CardView {
  const f = vehicleFacts(v);
  const price = formatPrice(v.price);
  const location = (v.locationId && ctx.locationNames[v.locationId]) || null;
  // an Excl. Govt. Charges price: the drive-away estimate beside it, and the repayment on the estimate
  const priced = v.price ? { price: v.price, fuel: v.fuel, priceType: v.priceType, kind: vehicleKind(v) } : null;
  const estimate = priced && siteEstimate(priced, driveAwaySite(ctx));
  const typeLabel = v.price ? priceTypeLabel(v.priceType, ctx.country) : null;
  const condition = conditionLabel(v, ctx.usedWord) + (v.status === "coming_soon" ? " · Coming soon" : "");
  const facts = [
    f.odometerKm !== null ? formatOdometer(f.odometerKm, ctx.country) : null,
    f.transmission,
    f.fuel,
    f.berths ? `Sleeps ${f.berths}` : null,
  ].filter((x): x is string => Boolean(x));
  return {
    id: v.id,
    href: vehicleHref(ctx.template, v.slug),
    title: vehicleTitle(v),
    image: displayImage(v),
    imageQuality: ctx.imageQuality,
    condition,
    price,
    priceType: estimate ? [typeLabel, estimateText(estimate)].filter(Boolean).join(" · ") : typeLabel,
    subscription: v.status === "sold" ? null : subscriptionLine({ offers_subscription: ctx.subscriptions }, v.subscriptionWeekly),
    // on the drive-away estimate where the price is Excl. Govt. Charges, at the rate for this car today
    repayment: cardRepayment(estimate?.total ?? v.price, v.status === "sold", financeFor(ctx.finance, v, ctx.today)),
    distance:
      v.locationId !== null && ctx.distances?.[v.locationId] !== undefined
        ? distanceLabel(ctx.distances[v.locationId]!, ctx.country)
        : null,
    facts,
    location,
    tags: vehicleTags(v, ctx.now),
    sold: v.status === "sold",
    enquireText: ctx.enquireText,
    slug: v.slug,
    make: v.make,
    model: v.model,
  };
}

/**
 * Cards as a result list sends them to the browser (the search page's payload): what every
 * card of the list shares (image quality, enquiry wording, finance terms) once, and on each card only
 * what is not a default (no tags, not sold, no subscription line, no location, the repayment its
 * shown price gives). The slug is the last segment of its address. `unpackCard(packCard(v, s), s)`
 * gives each view back exactly.
 */
export type CardsShared = Pick<CardView, "imageQuality" | "enquireText"> & Pick<CardContext, "finance">;
export type PackedCard = Omit<
  CardView,
  "imageQuality" | "enquireText" | "slug" | "sold" | "tags" | "subscription" | "location" | "priceType" | "repayment" | "distance"
> &
  Partial<Pick<CardView, "tags" | "subscription" | "location" | "priceType" | "repayment" | "distance">> & { sold?: true; slug?: string };

export const cardsShared = (ctx: CardContext): CardsShared => ({
  imageQuality: ctx.imageQuality,
  enquireText: ctx.enquireText,
  finance: ctx.finance,
});

/** The repayment a card's shown price gives under the list's terms (what a packed card leaves out). */
const shownRepayment = (v: Pick<CardView, "price" | "sold">, finance: FinanceSettings) =>
  cardRepayment(Number(v.price.replace(/[^\d]/g, "")) || null, v.sold, finance);

export function packCard(v: CardView, shared: CardsShared): PackedCard {
  const { imageQuality: _q, enquireText: _e, slug, sold, tags, subscription, location, priceType, repayment, distance, ...rest } = v;
  return {
    ...rest,
    ...(slug !== slugOf(v.href) ? { slug } : {}),
    ...(sold ? { sold: true as const } : {}),
    ...(tags.length ? { tags } : {}),
    ...(subscription !== null ? { subscription } : {}),
    ...(location !== null ? { location } : {}),
    ...(priceType !== null ? { priceType } : {}),
    ...(repayment !== shownRepayment(v, shared.finance) ? { repayment } : {}),
    ...(distance !== null ? { distance } : {}),
  };
}

export function unpackCard(p: PackedCard, shared: CardsShared): CardView {
  const { finance, ...common } = shared;
  const sold = p.sold ?? false;
  return {
    ...p,
    ...common,
    slug: p.slug ?? slugOf(p.href),
    sold,
    tags: p.tags ?? [],
    subscription: p.subscription ?? null,
    location: p.location ?? null,
    priceType: p.priceType ?? null,
    repayment: p.repayment !== undefined ? p.repayment : shownRepayment({ price: p.price, sold }, finance),
    distance: p.distance ?? null,
  };
}

const slugOf = (href: string) => href.slice(href.lastIndexOf("/") + 1);

/** The card with its specs for comparing (the saved-vehicles API): price first, location last. */
export function comparableCardView(v: Vehicle, ctx: CardContext): ComparableCard {
  const card = cardView(v, ctx);
  const specs = specGroups(v, { country: ctx.country, usedWord: ctx.usedWord })
    .flatMap((g) => g.rows)
    .filter(([label]) => !HIDDEN_IN_COMPARISON.has(label));
  return { ...card, specs: [["Price", card.price], ...specs, ...(card.location ? [["Location", card.location] as [string, string]] : [])] };
}

/** Identification rows say nothing about which car to choose (the stock number stays). */
const HIDDEN_IN_COMPARISON = new Set(["VIN", "Rego", "Build date", "Make", "Model"]);

/**
 * The comparison table of two to four cars: every spec any of them has, in the order the cards give
 * them, with an em dash where a car lacks one; rows where every car says the same are marked so a
 * page can tone them down.
 */
export function compareRows(cards: readonly ComparableCard[]): Array<{ label: string; values: string[]; same: boolean }> {
  const labels: string[] = [];
  for (const c of cards) for (const [label] of c.specs) if (!labels.includes(label)) labels.push(label);
  return labels.map((label) => {
    const values = cards.map((c) => c.specs.find(([l]) => l === label)?.[1] ?? "—");
    return { label, values, same: cards.length > 1 && values.every((v) => v === values[0]) };
  });
}

export const MIN_COMPARE = 2;
export const MAX_COMPARE = 4;
