import { safeDecode } from "../http/request";
import { parseLanding, type LandingFacets, type LandingStock } from "./landing";
import { isSearchVariant, parseSearch, searchHref, type SearchParams, type SearchQuery, type SortId } from "./search";

/** A search page's facets from its path, merged into the query (the landing page's make, model or body first). */
export function withFacets(q: SearchQuery, f: LandingFacets): SearchQuery {
  return {
    ...q,
    make: f.make ? [f.make, ...q.make.filter((m) => m !== f.make)] : q.make,
    model: f.model ? [f.model, ...q.model.filter((m) => m !== f.model)] : q.model,
    body: f.body ? [f.body, ...q.body.filter((b) => b !== f.body)] : q.body,
  };
}

const MAX_HREF = 1024;

/**
 * "Save this search": the search page's address as the shopper sees it → its query and one canonical
 * address (page 1, default sort left out), or null when it is not a search page of this site.
 */
export function parseSavedSearch(href: string, stock: LandingStock, defaultSort: string): { query: SearchQuery; href: string } | null {
  if (typeof href !== "string" || href.length > MAX_HREF || !href.startsWith("/search/") || /[\u0000-\u001f\\]/.test(href)) return null;
  let url: URL;
  try {
    url = new URL(href, "http://same.invalid");
  } catch {
    return null;
  }
  if (url.host !== "same.invalid") return null;
  const [, , variant, ...rest] = url.pathname.split("/");
  if (!variant || !isSearchVariant(variant)) return null;
  const params: SearchParams = {};
  for (const key of new Set(url.searchParams.keys())) params[key] = url.searchParams.getAll(key);
  let query = parseSearch(variant, params, defaultSort);
  const segments = rest.filter((s) => s !== "").map(safeDecode);
  if (segments.length) {
    if (segments.some((s) => s === null)) return null;
    const found = parseLanding(segments as string[], stock);
    if (!found) return null;
    query = withFacets(query, found);
  }
  query = { ...query, page: 1, sort: query.sort as SortId };
  return { query, href: searchHref(query, defaultSort) };
}

const money = (n: number) => `$${n.toLocaleString("en-AU")}`;

/** What the garage calls a saved search: the page's title and the filters that narrow it ("Used Cars: Mazda CX-5, up to $30,000"). */
export function savedSearchLabel(q: SearchQuery, title: string): string {
  const parts = [
    [...q.make, ...q.model].join(" "),
    q.body.join(", "),
    q.fuel.join(", "),
    q.transmission.join(", "),
    q.city.join(", "),
    q.price.min !== undefined && q.price.max !== undefined
      ? `${money(q.price.min)} to ${money(q.price.max)}`
      : q.price.max !== undefined
        ? `up to ${money(q.price.max)}`
        : q.price.min !== undefined
          ? `from ${money(q.price.min)}`
          : "",
    q.year.min !== undefined ? `${q.year.min} or newer` : "",
    q.q ? `“${q.q}”` : "",
  ].filter(Boolean);
  return (parts.length ? `${title}: ${parts.join(", ")}` : title).slice(0, 160);
}
