import "server-only";
import { pageAge } from "@/domain/http/page-cache";
import { entryFromShared } from "./copy";
import type { Entry } from "./entries";
import type { CacheState } from "./index";
import type { SharedTier } from "./shared";

/**
 * The page copies the cache draws without a shopper waiting: the shared tier's copy looked up once
 * for concurrent misses, a stale page drawn again, the most-served pages a purge took, and a page's
 * own address for a request that carried parameters the page does not read.
 */
export function createRedraws(cache: CacheState) {
  const { opts, now, ages, entries, purges, inflight, stats } = cache;
  const rewarmCount = opts.rewarm ?? 8;
  const refreshing = new Set<string>();
  const rewarmQueue: Entry[] = [];
  let rewarming = false;

  /**
   * The shared tier's copy of this page, stored here too (unless a purge here since the lookup
   * began took one of its tags), and the purge number a render of it notes. One lookup per page at
   * a time: concurrent misses wait for it.
   */
  const lookups = new Map<string, Promise<{ entry: Entry | null; seq: number | null }>>();
  function fromShared(shared: SharedTier, key: string, host: string, url: string) {
    let p = lookups.get(key);
    if (p) return p;
    const since = purges.seq();
    p = shared
      .get(key)
      .then(({ copy, seq }) => {
        if (!copy || purges.purgedSince(since, copy.tags) || !purges.trusted(copy.tags)) return { entry: null, seq };
        const entry = entryFromShared(copy, { key, host, url }, now());
        // a damaged row is a miss (the page is drawn and stored again) and goes
        if (!entry) shared.drop(key, copy.gzip).catch(() => {});
        else cache.store(key, entry);
        return { entry, seq };
      })
      .finally(() => lookups.delete(key));
    lookups.set(key, p);
    return p;
  }

  /**
   * Has the server send itself the page's request (stored again by renderAndStore); settles when
   * drawn. With a shared tier, a fresh copy another process drew since is taken instead: without
   * that, each of N processes would draw every stale or purged page again for itself, and the
   * fleet's renders would grow with its process count.
   */
  function drawAgain(e: Entry): Promise<void> {
    refreshing.add(e.key);
    return takenFromShared(e)
      .then((taken) => (taken ? undefined : opts.refresh!({ host: e.host, url: e.url })))
      .then(
        () => undefined,
        () => undefined,
      )
      .finally(() => refreshing.delete(e.key));
  }

  /** Whether the shared tier held a fresh copy of this page (now stored here too). */
  async function takenFromShared(e: Entry): Promise<boolean> {
    if (!opts.shared) return false;
    const found = await fromShared(opts.shared, e.key, e.host, e.url);
    if (!found.entry || pageAge(found.entry.storedAt, now(), ages) !== "fresh") return false;
    stats.sharedRefreshes++;
    return true;
  }

  const busy = (key: string) => refreshing.has(key) || inflight.has(key);

  function refreshInBackground(e: Entry) {
    if (!opts.refresh || busy(e.key)) return;
    stats.refreshes++;
    void drawAgain(e);
  }

  /** Draws the most-served purged pages again, one at a time (never more than 100 waiting). */
  function rewarm(gone: Entry[]) {
    if (!opts.refresh || rewarmCount <= 0) return;
    const top = gone.filter((e) => e.hits > 0).sort((a, b) => b.hits - a.hits);
    rewarmQueue.push(...top.slice(0, rewarmCount));
    rewarmQueue.splice(0, Math.max(0, rewarmQueue.length - 100));
    if (rewarming) return;
    rewarming = true;
    void (async () => {
      for (let e = rewarmQueue.shift(); e; e = rewarmQueue.shift()) {
        if (entries.has(e.key) || busy(e.key)) continue; // a shopper drew it already
        stats.rewarmed++;
        await drawAgain(e);
      }
      rewarming = false;
    })();
  }

  /** Draws of a page's own address asked for by requests that carried parameters it does not read. */
  const cleanDraws = new Map<string, Promise<void>>();

  /** Draws the page at its own address (once, however many such requests come); undefined when the server cannot. */
  function drawOwnAddress(key: string, host: string, url: string): Promise<void> | undefined {
    let drawing = cleanDraws.get(key);
    if (!drawing && opts.refresh) {
      drawing = opts
        .refresh({ host, url })
        .then(
          () => undefined,
          () => undefined,
        )
        .finally(() => cleanDraws.delete(key));
      cleanDraws.set(key, drawing);
    }
    return drawing;
  }

  return { fromShared, refreshInBackground, rewarm, drawOwnAddress };
}
