import { SEARCH_PARAMS } from "../stock/search";

/*
 * The rules of the full-page cache (src/server/edge/page-cache/index.ts), kept pure.
 *
 * A stored page carries the tags of what it was drawn from, recorded by the data reads of its
 * render: `site:{id}` (the site record, locations, hours, menus, content, settings: every page of
 * the site), `stock:{id}` (a list of the site's stock: search, home rows, model ranges) and
 * `vehicle:{id}:{vehicleId}` (a page that shows that car: its own page, or another car's page
 * listing it as similar). A change purges the tags it touches, and only those.
 */

export const pageTag = {
  site: (siteId: number) => `site:${siteId}`,
  stock: (siteId: number) => `stock:${siteId}`,
  vehicle: (siteId: number, vehicleId: number) => `vehicle:${siteId}:${vehicleId}`,
  /** a page that offers a car's free test-drive times (its form): stale when the car is booked or a booking cancelled */
  testDrive: (siteId: number, vehicleId: number) => `test-drive:${siteId}:${vehicleId}`,
  /** a page that offers a workshop's free service times (the service form): stale when a slot fills or frees */
  workshop: (siteId: number, locationId: number) => `workshop:${siteId}:${locationId}`,
};

const TAG = /^(site:\d{1,10}|stock:\d{1,10}|(vehicle|test-drive|workshop):\d{1,10}:\d{1,10})$/;

/** A tag as this module writes it (a notice from another process is checked against this). */
export const isPageTag = (v: unknown): v is string => typeof v === "string" && TAG.test(v);

/**
 * What a change makes stale, as page tags:
 * - `site`: anything of the site's record, locations, hours, content, settings or its stock as a
 *   whole (an import, a car sold or hidden: the counts in menus and descriptions move) — every page;
 * - `vehicles`: a change to these cars that leaves the listed stock the same (price, odometer,
 *   description, photos) — the lists of the site's stock and the pages that show one of these cars.
 */
export type PageChange = { siteId: number } & ({ scope: "site" } | { scope: "vehicles"; vehicleIds: readonly number[] });

export function tagsToPurge(change: PageChange): string[] {
  if (change.scope === "site") return [pageTag.site(change.siteId)];
  return [pageTag.stock(change.siteId), ...[...new Set(change.vehicleIds)].map((id) => pageTag.vehicle(change.siteId, id))];
}

/**
 * Pages that belong to one shopper and are never stored: the account and garage, checkout and
 * payment, a password reset, an alert's unsubscribe page and a booking's page (their tokens are in the address) and
 * the personalised finance offer.
 * (A signed-in shopper's requests carry a session cookie and bypass the cache anyway.)
 */
const PERSONAL =
  /^\/(my-garage|checkout|personalised|reset-password|sign-in|account|alerts|booking)(\/|$|\?)|^\/cars\/[^/?]+\/checkout(\/|$|\?)/;

/** The trade-in's rego step answered by its page: drawn for the shopper who asked (a vendor's lookup each, and no stored copy per rego). */
const REGO_LOOKUP = /^\/(trade-in|sell-my-car)\?(?:[^#]*&)?rego=/;

export const isPersonalPage = (url: string): boolean => PERSONAL.test(url) || REGO_LOOKUP.test(url);

/** What an enquiry form page reads: the car and the location it is about. */
const FORM_SUBJECT = ["vehicle", "location"];

/**
 * The query parameters each cached page reads, by its path: a page's cache key keeps these and
 * drops every other parameter (gclid, fbclid, msclkid, utm_*, anything made up), which the page
 * does not depend on, so a flood of made-up values is served one stored copy instead of filling
 * the cache. A page not listed reads none. A page that starts reading a parameter is listed here
 * (src/domain/http/page-cache.test.ts checks the pages' sources against this list).
 */
export const PAGE_PARAMS: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/^\/search\/[^/]+(\/.*)?$/, SEARCH_PARAMS],
  [/^\/(blog|news)$/, ["page"]],
  [/^\/(dealerships|our-locations)$/, ["postcode", "near", "type", "dealership"]],
  [/^\/finance$/, [...FORM_SUBJECT, "price", "deposit", "balloon", "term", "frequency"]],
  [
    /^\/(contact|service|book-test-drive|careers|fleet|finance-pre-approval|vehicle-parts-and-accessories|pages\/book-a-service)$/,
    FORM_SUBJECT,
  ],
  // a rego to look up is never stored (isPersonalPage); listed so that the page's reads are all named here
  [/^\/(sell-my-car|trade-in)$/, [...FORM_SUBJECT, "rego", "state"]],
  [/^\/success$/, ["category"]],
];

/** A car's or a location's slug, as the form pages look them up (anything else finds nothing). */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isSlug = (v: string) => v.length <= 200 && SLUG.test(v);
/** The values a parameter can take to mean anything; a value outside them keys no entry of its own. */
const PARAM_VALUES = new Map<string, (v: string) => boolean>([
  ["vehicle", isSlug],
  ["location", isSlug],
  // beside no rego the state is read by nothing: at most the eight states key a copy
  ["state", (v) => /^(act|nsw|nt|qld|sa|tas|vic|wa)$/.test(v)],
]);
const validValue = (name: string, value: string) => PARAM_VALUES.get(name)?.(value) ?? true;

/**
 * Whether a copy keyed on `?vehicle=` was drawn without that car (its render read no car: no
 * `vehicle:` tag), so a slug-shaped name of no car of the site keys no entry either.
 */
export function keyedOnUnknownCar(url: string, tags: readonly string[]): boolean {
  const at = url.indexOf("?");
  return at >= 0 && new URLSearchParams(url.slice(at + 1)).has("vehicle") && !tags.some((t) => t.startsWith("vehicle:"));
}

/** The parameters the page at `path` reads (none for a page not listed). */
export const pageParams = (path: string): readonly string[] => PAGE_PARAMS.find(([re]) => re.test(path))?.[1] ?? [];

/**
 * The address a page is stored under: its path, and of its query only the parameters the page reads,
 * by name (a name's own values keep their order), so `?utm_source=x&make=mazda` and `?make=mazda`
 * are one entry. A value the parameter cannot take (a `vehicle` that is not a slug) is dropped too.
 */
export function pageCacheUrl(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return url;
  const path = url.slice(0, at);
  const keep = pageParams(path);
  const params = keep.length ? [...new URLSearchParams(url.slice(at + 1))].filter(([k, v]) => keep.includes(k) && validValue(k, v)) : [];
  if (!params.length) return path;
  params.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)); // stable: values of one name keep their order
  return `${path}?${new URLSearchParams(params).toString()}`;
}

/** How old a stored page is: fresh (served), stale (served while one request draws it again) or expired (drawn again). */
export function pageAge(storedAt: number, now: number, o: { freshMs: number; ttlMs: number }): "fresh" | "stale" | "expired" {
  const age = now - storedAt;
  if (age >= o.ttlMs) return "expired";
  return age < o.freshMs ? "fresh" : "stale";
}
