import { activeFilterCount, type SearchQuery } from "../stock/search";
import { EVENT_IDS } from "./events";

export type PageEvent = { id: number; props: Record<string, string | number | boolean> };

/**
 * The event a search results page fires for its query (besides the page view): nothing found (6)
 * first, then a keyword search (2), filters (3), a sort other than the site's (4), a later page (5);
 * the plain first page of all stock fires none.
 */
export function searchPageEvent(query: SearchQuery, total: number, defaultSort: string): PageEvent | null {
  const filters = activeFilterCount(query);
  const props = { results: total, filters, sort: query.sort, page: query.page, ...(query.q ? { query: query.q.slice(0, 200) } : {}) };
  if (total === 0) return { id: 6, props };
  if (query.q) return { id: EVENT_IDS.search, props };
  if (filters > 0) return { id: EVENT_IDS.searchFilter, props };
  if (query.sort !== defaultSort) return { id: EVENT_IDS.searchSort, props };
  if (query.page > 1) return { id: 5, props };
  return null;
}
