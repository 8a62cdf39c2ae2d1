import { storedList } from "./favourites";

/*
 * The cars a shopper opened lately, kept in this browser (like favourites: per site
 * origin, no account needed) and shown again on the home page and on vehicle pages. Only ids are
 * kept: each time the row is shown the site's current cards are read (a price may have changed, a
 * car may have gone). Checked by hand, not with zod (this runs on every vehicle page).
 */

export const RECENTLY_VIEWED_KEY = "recently_viewed";
/** Ids kept, most recent first. */
export const MAX_RECENT = 12;
/** Cars a row shows. */
export const RECENT_SHOWN = 8;

/** The stored ids: positive whole numbers, each once, most recent first; anything else is dropped, never fatal. */
export function parseRecent(raw: string | null | undefined): number[] {
  const ids = storedList(raw).filter((id): id is number => Number.isSafeInteger(id) && (id as number) > 0 && (id as number) < 2 ** 31);
  return [...new Set(ids)].slice(0, MAX_RECENT);
}

/** The list after viewing a car: it comes first, once; the oldest falls off past MAX_RECENT. */
export const withViewed = (list: readonly number[], id: number): number[] => [id, ...list.filter((x) => x !== id)].slice(0, MAX_RECENT);

/** What a row shows: the most recent cars other than the one on the screen. */
export const recentToShow = (list: readonly number[], current?: number): number[] =>
  list.filter((id) => id !== current).slice(0, RECENT_SHOWN);
