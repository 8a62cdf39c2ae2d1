/** Visited pages (max 50, no duplicates, no repeated last page); first-page query parameters kept 30 days. */
export const MAX_VISITED_PAGES = 50;
export const FIRST_PAGE_PARAMS_DAYS = 30;
export const TRACKED_PARAMS = ["gclid", "fbclid", "utm_source", "utm_medium", "utm_campaign"] as const;

export function addVisitedPage(list: string[], page: string, max = MAX_VISITED_PAGES): string[] {
  if (!page || list.at(-1) === page || list.includes(page) || list.length >= max) return list;
  return [...list, page];
}

export type StoredParams = { params: Record<string, string>; expires: number };

/** The tracked parameters of the first page of a visit; a stored, unexpired set is kept as it is. */
export function firstPageParams(stored: StoredParams | null, search: string, now: number): StoredParams | null {
  if (stored && stored.expires > now) return stored;
  const q = new URLSearchParams(search);
  const params: Record<string, string> = {};
  for (const k of TRACKED_PARAMS) {
    const v = q.get(k);
    if (v) params[k] = v.slice(0, 500);
  }
  return Object.keys(params).length ? { params, expires: now + FIRST_PAGE_PARAMS_DAYS * 86_400_000 } : null;
}

export const activeParams = (stored: StoredParams | null, now: number): Record<string, string> =>
  stored && stored.expires > now ? stored.params : {};

/** The site that sent the shopper on the first page of a visit (its host), kept like the parameters. */
export type StoredReferrer = { host: string; expires: number };

/** The referring host to keep: a stored, unexpired one stays; else another site's host from this page's referrer. */
export function firstReferrer(stored: StoredReferrer | null, referrer: string, ownHost: string, now: number): StoredReferrer | null {
  if (stored && typeof stored.host === "string" && stored.expires > now) return stored;
  let host = "";
  try {
    host = referrer ? new URL(referrer).hostname.toLowerCase() : "";
  } catch {
    host = "";
  }
  if (!host || host === ownHost.toLowerCase()) return null;
  return { host: host.slice(0, 200), expires: now + FIRST_PAGE_PARAMS_DAYS * 86_400_000 };
}
