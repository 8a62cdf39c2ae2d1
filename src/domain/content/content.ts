import { slugify } from "../format/slug";
import type { LinkRules } from "../site/links";
import { resolveLink } from "../site/links";
import { DEFAULT_BLOG_SETTINGS, type BlogSettings, type ContentEntry } from "./types";

/** The rules of a site's content: what is listed, in what order, and where it lives. */

export type OfferState = "live" | "ended" | "upcoming";

/** An offer runs from its publish date to its expiry (inclusive of the last moment); after that it has ended. */
export function offerState(offer: Pick<ContentEntry, "publishedAt" | "expiresAt">, now: number): OfferState {
  if (offer.expiresAt && offer.expiresAt.getTime() < now) return "ended";
  if (offer.publishedAt.getTime() > now) return "upcoming";
  return "live";
}

/** The offers a site lists: live ones only, the soonest to end first (open-ended last), then by title. */
export function liveOffers<T extends Pick<ContentEntry, "publishedAt" | "expiresAt" | "title">>(offers: T[], now: number): T[] {
  const end = (o: T) => o.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY;
  return offers.filter((o) => offerState(o, now) === "live").sort((a, b) => end(a) - end(b) || a.title.localeCompare(b.title));
}

/** Posts that are out (not scheduled for later), newest first. */
export function publishedPosts<T extends Pick<ContentEntry, "publishedAt" | "slug">>(posts: T[], now: number): T[] {
  return posts
    .filter((p) => p.publishedAt.getTime() <= now)
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime() || a.slug.localeCompare(b.slug));
}

export type Paged<T> = { items: T[]; page: number; pages: number; total: number };

/** One page of a list; null for a page that does not exist (page 1 always exists, even when empty). */
export function paginate<T>(items: T[], page: number, perPage: number): Paged<T> | null {
  const size = Math.max(1, Math.floor(perPage));
  const pages = Math.max(1, Math.ceil(items.length / size));
  if (!Number.isInteger(page) || page < 1 || page > pages) return null;
  return { items: items.slice((page - 1) * size, page * size), page, pages, total: items.length };
}

/** `?page=` of a list: absent → 1; anything but a plain positive integer → null (a 404, not a guess). */
export function parsePageParam(raw: string | undefined): number | null {
  if (raw === undefined) return 1;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : null;
}

/** The `blogs` of a site record, made safe: a known layout and 1–24 posts a page. */
export function blogSettings(raw: Partial<BlogSettings> | null | undefined): BlogSettings {
  const layout = raw?.layout === "list" || raw?.layout === "grid" ? raw.layout : DEFAULT_BLOG_SETTINGS.layout;
  const n = Number(raw?.count);
  const count = Number.isFinite(n) && n >= 1 ? Math.min(24, Math.floor(n)) : DEFAULT_BLOG_SETTINGS.count;
  return { layout, count };
}

/** The blog's base path on a site (link rules: /blog is /news on one brand). */
export function blogBase(rules: LinkRules): string {
  return resolveLink("/blog", rules).href;
}

/** The address a content page is linked at: /pages/{slug}, or /{slug} unless the site uses a pages path (docs/features/content-and-seo.md). */
export function contentPageHref(slug: string, rules: LinkRules): string {
  return resolveLink(`/pages/${slug}`, rules).href;
}

/** Pages with a fixed address of their own (legal pages) rather than under /pages. */
export const LEGAL_PAGES: Readonly<Record<string, string>> = {
  "privacy-policy": "/privacy-policy",
  "terms-and-conditions": "/terms-and-conditions",
};

/** Where a stored page lives: its legal address, or the content-page address. */
export function pageHref(slug: string, rules: LinkRules): string {
  return Object.hasOwn(LEGAL_PAGES, slug) ? LEGAL_PAGES[slug]! : contentPageHref(slug, rules);
}

/** A model page's slug: brand and model, e.g. Mazda CX-5 → "mazda-cx-5". */
export function modelSlug(brand: string, model: string): string {
  return slugify(`${brand} ${model}`);
}

/** EV and PHEV stock by its fuel type (the electric-vehicles page). */
export function isElectrified(fuel: string | null | undefined): boolean {
  return /\belectric\b|plug-?in/i.test(fuel ?? "");
}

/** One model of the range, from listed stock: counts per condition and the lowest price asked. */
export type ModelRow = {
  brand: string;
  model: string;
  carType: string;
  fuel: string | null;
  body: string | null;
  count: number;
  minPrice: number | null;
};
export type RangeModel = {
  brand: string;
  model: string;
  slug: string;
  count: number;
  /** the lowest price of a priced, unsold car of the model; null when every one is "Enquire for price." */
  fromPrice: number | null;
  carTypes: Record<"new" | "demo" | "used", number>;
  electrified: boolean;
  body: string | null;
};
export type RangeBrand = { brand: string; slug: string; models: RangeModel[]; count: number };

/** The model range per brand (the /models page): brands in the order given, models by count then name. */
export function buildModelRange(rows: ModelRow[], brandOrder: Array<{ name: string; slug: string }>): RangeBrand[] {
  const models = new Map<string, RangeModel>();
  for (const r of rows) {
    if (r.count <= 0) continue;
    const slug = modelSlug(r.brand, r.model);
    const m = models.get(slug) ?? {
      brand: r.brand,
      model: r.model,
      slug,
      count: 0,
      fromPrice: null,
      carTypes: { new: 0, demo: 0, used: 0 },
      electrified: false,
      body: r.body,
    };
    m.count += r.count;
    if (r.carType === "new" || r.carType === "demo" || r.carType === "used") m.carTypes[r.carType] += r.count;
    if (r.minPrice !== null && (m.fromPrice === null || r.minPrice < m.fromPrice)) m.fromPrice = r.minPrice;
    m.electrified ||= isElectrified(r.fuel);
    models.set(slug, m);
  }
  const byBrand = new Map<string, RangeModel[]>();
  for (const m of models.values()) byBrand.set(m.brand, [...(byBrand.get(m.brand) ?? []), m]);
  const order = (b: string) => {
    const i = brandOrder.findIndex((x) => x.name === b);
    return i === -1 ? brandOrder.length : i;
  };
  return [...byBrand]
    .sort(([a], [b]) => order(a) - order(b) || a.localeCompare(b))
    .map(([brand, list]) => ({
      brand,
      slug: brandOrder.find((x) => x.name === brand)?.slug ?? slugify(brand),
      models: list.sort((a, b) => b.count - a.count || a.model.localeCompare(b.model)),
      count: list.reduce((n, m) => n + m.count, 0),
    }));
}

/** A post's or offer's date as the site's market writes it, in the site's time zone: "22 November 2026". */
export function formatContentDate(d: Date, locale: string, timeZone: string): string {
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone }).format(d);
}
