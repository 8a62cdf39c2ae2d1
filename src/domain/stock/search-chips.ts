import { brandDisplayName } from "../site/brands";
import { LIST_FILTERS, searchHref, sortDefault, toggleFilter, type SearchQuery, type SearchResult } from "./search";
import { rangeLabel } from "./understand";
import { bodyTypeLabel } from "./vehicle";

/*
 * What a search page offers above its results: a chip for each filter applied (a link to the page
 * without it), the "Clear all" link and the site's quick filters.
 */

/** A link to this search with some of it changed (searchHref on the page's query). */
export type ChangeHref = (change: Partial<SearchQuery>) => string;

/** An applied filter as a chip: `literal` keeps its words as they are (no capitals), `keyword` marks a phrase read from the keywords. */
export type SearchChip = { label: string; href: string; keyword?: boolean; literal?: boolean };

export type ChipContext = {
  href: ChangeHref;
  /** the change that leaves out where the shopper is (the near chip's link) */
  away: Partial<SearchQuery>;
  usedWord: string;
  locations: ReadonlyArray<{ slug: string; name: string }>;
  unit: "km" | "mi";
  understood: SearchResult["understood"] | null;
};

export function searchChips(query: SearchQuery, c: ChipContext): SearchChip[] {
  const { href, understood } = c;
  const listLabel = (k: (typeof LIST_FILTERS)[number], v: string) =>
    k === "make"
      ? brandDisplayName(v)
      : k === "body"
        ? bodyTypeLabel(v)
        : k === "location"
          ? (c.locations.find((l) => l.slug === v)?.name ?? v)
          : v;
  return [
    ...query.carTypes.map((t) => ({
      label: t === "used" ? c.usedWord : t,
      href: href({ carTypes: query.carTypes.filter((x) => x !== t), page: 1 }),
    })),
    ...LIST_FILTERS.flatMap((k) => query[k].map((v) => ({ label: listLabel(k, v), href: href(toggleFilter(query, k, v)) }))),
    ...(["price", "year", "odometer"] as const).flatMap((k) => {
      const label = rangeLabel(k, query[k], c.unit);
      return label ? [{ label, href: href({ [k]: {}, page: 1 }) }] : [];
    }),
    // where the shopper said they are, and how far they will go
    ...(query.near
      ? [
          { label: query.near.postcode ? `Near ${query.near.postcode}` : "Near your location", href: href(c.away), literal: true },
          ...(query.near.within
            ? [
                {
                  label: `Within ${query.near.within} ${c.unit}`,
                  href: href({ near: { ...query.near, within: undefined }, page: 1 }),
                  literal: true,
                },
              ]
            : []),
        ]
      : []),
    // the keywords: a chip for each phrase they were read as ("Red", "SUV", "Under $40,000"), one for the words left
    ...(understood
      ? [
          ...understood.terms.map((t) => ({ label: t.label, href: href({ q: t.without, page: 1 }), keyword: true, literal: true })),
          ...(understood.rest ? [{ label: `“${understood.rest}”`, href: href({ q: understood.withoutRest, page: 1 }) }] : []),
        ]
      : query.q
        ? [{ label: `“${query.q}”`, href: href({ q: "", page: 1 }) }]
        : []),
  ];
}

/** The search with every filter, the keywords and the place taken off (its variant and sort kept). */
export function clearAllHref(query: SearchQuery, defaultSort: string): string {
  return searchHref(
    {
      ...query,
      carTypes: [],
      make: [],
      model: [],
      body: [],
      fuel: [],
      transmission: [],
      city: [],
      location: [],
      price: {},
      year: {},
      odometer: {},
      q: "",
      page: 1,
      near: undefined,
      ...(query.sort === "distance" ? { sort: sortDefault(defaultSort) } : {}),
    },
    defaultSort,
  );
}

/** The site's quick filters (its cities, then its makes), each current when it is the only filter of its kind. */
export function quickFilters(query: SearchQuery, presets: { cities?: string[]; makes?: string[] }, href: ChangeHref) {
  return [
    ...(presets.cities ?? []).map((c) => ({
      label: c,
      href: href({ city: [c], page: 1 }),
      active: query.city.length === 1 && query.city[0] === c,
    })),
    ...(presets.makes ?? []).map((m) => ({
      label: brandDisplayName(m),
      href: href({ make: [m], page: 1 }),
      active: query.make.length === 1 && query.make[0] === m,
    })),
  ];
}
