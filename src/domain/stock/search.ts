import { landingSegments } from "./landing";
import type { Bucket } from "./buckets";
import { countryFormat, KM_PER_MILE } from "../format/country";
import type { CarType } from "./summary";
import type { Vehicle } from "./vehicle";
import { parseNear, type NearQuery } from "../locations/near";

/** The three search routes (docs/features/search-and-vehicles.md) and the car types each covers. */
export const SEARCH_VARIANTS = {
  "new-used-and-demo-cars": ["new", "demo", "used"],
  "new-and-demo-cars": ["new", "demo"],
  "used-cars": ["used"],
} as const satisfies Record<string, readonly CarType[]>;
export type SearchVariant = keyof typeof SEARCH_VARIANTS;
export const isSearchVariant = (v: string): v is SearchVariant => Object.hasOwn(SEARCH_VARIANTS, v);

export const PAGE_SIZE = 36; // ≥ 24, and holds the call-to-action at position 30

export const SORT_IDS = [
  "relevance",
  "latest",
  "price-desc",
  "price-asc",
  "odometer-desc",
  "odometer-asc",
  "subscription-desc",
  "subscription-asc",
  // nearest first, where the shopper has said where they are
  "distance",
] as const;
export type SortId = (typeof SORT_IDS)[number];

/**
 * Sort options; the distance word follows the country (Kms, or Miles in the US), and a site
 * that offers subscriptions (offers_subscription) has the subscription price variants too.
 */
export function sortOptions(country: string, subscriptions = false, near = false): Array<{ id: SortId; label: string }> {
  const d = countryFormat(country).distanceUnit === "mi" ? "Miles" : "Kms";
  return [
    ...(near ? [{ id: "distance" as const, label: "Nearest first" }] : []),
    ...plainSortOptions(d),
    ...(subscriptions
      ? [
          { id: "subscription-desc" as const, label: "Highest Subscription Price" },
          { id: "subscription-asc" as const, label: "Lowest Subscription Price" },
        ]
      : []),
  ];
}

function plainSortOptions(d: string): Array<{ id: SortId; label: string }> {
  return [
    { id: "relevance", label: "Most Relevant" },
    { id: "latest", label: "Latest" },
    { id: "price-desc", label: "Highest Price" },
    { id: "price-asc", label: "Lowest Price" },
    { id: "odometer-desc", label: `Highest ${d}` },
    { id: "odometer-asc", label: `Lowest ${d}` },
  ];
}

export type Range = { min?: number; max?: number };
export const LIST_FILTERS = ["make", "model", "body", "fuel", "transmission", "city", "location"] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export type SearchQuery = {
  variant: SearchVariant;
  carTypes: CarType[]; // within the variant
  make: string[];
  model: string[];
  body: string[];
  fuel: string[];
  transmission: string[];
  city: string[];
  location: string[];
  price: Range;
  year: Range;
  odometer: Range; // in the site's unit (km, or miles in the US)
  q: string;
  sort: SortId;
  page: number;
  /** where the shopper is (`?postcode=` or `?near=`) and how far they will go (`?within=`) */
  near?: NearQuery;
};

export type FacetValue = { value: string; count: number; make?: string };
export type FacetName = "carType" | ListFilter;
/** One page of a search: the cars, the counts per filter value and the ranges (odometer in km). */
export type SearchResult = {
  vehicles: Vehicle[];
  total: number;
  page: number;
  pages: number;
  pageSize: number;
  facets: Record<FacetName, FacetValue[]>;
  ranges: { price: Range; year: Range; odometer: Range };
  /** How many vehicles fall in each preset range (domain/stock/buckets.ts), under every other filter. */
  buckets: { price: Bucket[]; year: Bucket[]; odometer: Bucket[] };
  /**
   * How the keywords matched: "exact" (every word is in the make, model, badge or stock number),
   * "similar" (nothing matched as typed, so words were corrected to the stock's closest: "mazada" →
   * "mazda", in `corrected`), or "none"
   * with suggestions from the site's stock. Absent without keywords.
   */
  keywords?: { match: "exact" | "similar" | "none"; corrected?: string; suggestions: Array<{ make: string; model: string }> };
  /** What the keywords were read as (understand.ts): a chip per term, and the words left. Absent when nothing was understood. */
  understood?: { rest: string; terms: Array<{ label: string; without: string }>; withoutRest: string };
};

export type SearchParams = Record<string, string | readonly string[] | undefined>;
type Params = SearchParams;

const MAX_VALUES = 20;
const all = (p: Params, key: string): string[] => {
  const v = p[key];
  const list = (typeof v === "string" ? [v] : (v ?? [])).flatMap((s) => s.split(","));
  return [...new Set(list.map((s) => s.trim()).filter((s) => s.length > 0 && s.length <= 80))].slice(0, MAX_VALUES);
};
const one = (p: Params, key: string): string | undefined => {
  const v = p[key];
  const first = (typeof v === "string" ? v : v?.[0])?.trim();
  return first ? first.slice(0, 80) : undefined;
};

/** A number from the query string: junk and negatives are dropped, huge values clamp to a ceiling. */
export function parseNumber(raw: string | undefined, ceiling = 100_000_000): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw.replace(/[$,\s]/g, ""));
  if (Number.isNaN(n) || n < 0) return undefined;
  return Math.min(Math.round(n), ceiling);
}

function range(p: Params, key: string, ceiling?: number): Range {
  let min = parseNumber(one(p, `${key}_min`), ceiling);
  let max = parseNumber(one(p, `${key}_max`), ceiling);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** Every query parameter parseSearch reads (the page cache keys a search page by these alone). */
export const SEARCH_PARAMS = [
  "car_type",
  "make",
  "model",
  "body",
  "fuel",
  "transmission",
  "city",
  "location",
  ...(["price", "year", "odometer"] as const).flatMap((k) => [`${k}_min`, `${k}_max`]),
  "q",
  "sort",
  "postcode",
  "near",
  "within",
  "page",
] as const;

/**
 * URL → query. Unknown parameters are ignored, malformed numbers dropped or clamped, an unknown
 * sort falls back to the site's default, and car types outside the route are ignored.
 */
export function parseSearch(variant: SearchVariant, params: Params, defaultSort: string): SearchQuery {
  const allowed: readonly CarType[] = SEARCH_VARIANTS[variant];
  const carTypes = all(params, "car_type").filter((t): t is CarType => (allowed as readonly string[]).includes(t));
  const sortRaw = one(params, "sort");
  // a postcode (4 digits) or a position; the server knows which postcodes it can place (src/server/geo)
  const near = parseNear({ postcode: one(params, "postcode"), near: one(params, "near"), within: one(params, "within") }, "AU");
  const fallback = sortDefault(defaultSort, near);
  const sort =
    sortRaw && (SORT_IDS as readonly string[]).includes(sortRaw) && (sortRaw !== "distance" || near) ? (sortRaw as SortId) : fallback;
  return {
    variant,
    carTypes,
    make: all(params, "make"),
    model: all(params, "model"),
    body: all(params, "body"),
    fuel: all(params, "fuel"),
    transmission: all(params, "transmission"),
    city: all(params, "city"),
    location: all(params, "location"),
    price: range(params, "price"),
    year: range(params, "year", 3000),
    odometer: range(params, "odometer"),
    q: (one(params, "q") ?? "").slice(0, 80),
    sort,
    page: Math.max(1, Math.min(parseNumber(one(params, "page"), 100_000) ?? 1, 100_000)),
    ...(near ? { near } : {}),
  };
}

/** The sort a query has without `?sort=`: nearest first where the shopper said where they are, else the site's. */
export function sortDefault(siteDefault: string, near?: NearQuery): SortId {
  if (near) return "distance";
  return (SORT_IDS as readonly string[]).includes(siteDefault) && siteDefault !== "distance" ? (siteDefault as SortId) : "relevance";
}

/** The car types a query lists: the ones picked, else every type of the route. */
export const effectiveCarTypes = (q: SearchQuery): CarType[] => (q.carTypes.length ? q.carTypes : [...SEARCH_VARIANTS[q.variant]]);

/** Query → shareable URL. `defaultSort` is left out of the URL. */
export function searchHref(q: SearchQuery, defaultSort: string, change: Partial<SearchQuery> = {}): string {
  const next = { ...q, ...change };
  const p = new URLSearchParams();
  next.carTypes.forEach((v) => p.append("car_type", v));
  // one make (and model) or one body is a landing page's path (search slugs), not a query
  const landing = landingSegments(next);
  for (const key of LIST_FILTERS) if (!landing?.carries.includes(key)) next[key].forEach((v) => p.append(key, v));
  for (const key of ["price", "year", "odometer"] as const) {
    if (next[key].min !== undefined) p.set(`${key}_min`, String(next[key].min));
    if (next[key].max !== undefined) p.set(`${key}_max`, String(next[key].max));
  }
  if (next.q) p.set("q", next.q);
  if (next.near?.postcode) p.set("postcode", next.near.postcode);
  if (next.near?.point) p.set("near", next.near.point);
  if (next.near?.within) p.set("within", String(next.near.within));
  if (next.sort !== (next.near ? "distance" : defaultSort)) p.set("sort", next.sort);
  if (next.page > 1) p.set("page", String(next.page));
  const s = p.toString();
  return `/search/${next.variant}${landing ? `/${landing.segments.join("/")}` : ""}${s ? `?${s}` : ""}`;
}

/** Toggle one value of a list filter (and go back to page 1). Clearing a make clears its models. */
export function toggleFilter(q: SearchQuery, key: ListFilter, value: string): Partial<SearchQuery> {
  const has = q[key].includes(value);
  const list = has ? q[key].filter((v) => v !== value) : [...q[key], value];
  return { [key]: list, page: 1, ...(key === "make" && list.length === 0 ? { model: [] } : {}) };
}

export const activeFilterCount = (q: SearchQuery): number =>
  q.carTypes.length +
  LIST_FILTERS.reduce((n, k) => n + q[k].length, 0) +
  (["price", "year", "odometer"] as const).reduce((n, k) => n + (q[k].min !== undefined ? 1 : 0) + (q[k].max !== undefined ? 1 : 0), 0) +
  (q.q ? 1 : 0) +
  (q.near?.within ? 1 : 0);

/** Odometer filter values are in the site's unit; the database stores kilometres. */
export function odometerToKm(value: number, country: string): number {
  return countryFormat(country).distanceUnit === "mi" ? Math.round(value * KM_PER_MILE) : value;
}
export function kmToOdometer(km: number, country: string): number {
  return countryFormat(country).distanceUnit === "mi" ? Math.round(km / KM_PER_MILE) : km;
}
