import "server-only";
import { onCatalogueChangePublish } from "@/server/cache";
import type { ChangeBus } from "@/server/cache/change-bus";
import type { Db } from "@/server/db/client";
import { purgePageCopies } from "@/server/repositories/page-cache";

/**
 * The one place a process on PostgreSQL announces its changes (an app process of any role, and
 * the CLI: `npm run seed`): the shared page cache's copies under the change's tags go first, then
 * the other processes hear of it (docs/decisions/0019-shared-page-cache-and-hash-csp.md). The
 * delete runs whether or not this process uses the shared tier (HTTP_CACHE_SHARED): a dashboard, a
 * process mid-rollout or a seed must not leave stale copies there (on an empty table it costs one
 * index probe). `purge` is the process's own tier's purge when it has one (it also keeps its own
 * lookups off the copies while the delete is under way).
 */
export function announceChanges(opts: {
  db: Db;
  bus: Pick<ChangeBus, "publish">;
  purge?: (tags: readonly string[]) => Promise<void>;
  /** the delete failed after its retries: this process skips the shared copies under these tags too */
  onSharedStale?: (tags: readonly string[]) => void;
  log?: (err: unknown) => void;
}): { settled: () => Promise<void> } {
  const purge = opts.purge ?? ((tags: readonly string[]) => purgePageCopies(opts.db, tags));
  const pending = new Set<Promise<unknown>>();
  onCatalogueChangePublish((change) => {
    if (!change.tags.length) return opts.bus.publish(change);
    const p = purgeThenPublish(
      purge,
      change,
      (c) => {
        if (c.sharedStale) opts.onSharedStale?.(c.tags);
        opts.bus.publish(c);
      },
      { onError: opts.log },
    ).finally(() => pending.delete(p));
    pending.add(p);
  });
  return { settled: async () => void (await Promise.all([...pending])) };
}

/**
 * Purges the shared tier, then announces the change: tried again after each of `delays` (ms) when
 * the delete fails; when it never succeeds the change goes out marked `sharedStale`, so every
 * process skips the shared tier's copies under its tags for the fresh window instead of refilling
 * from them, and the delete is tried again after each of `laterDelays` (a page nobody asks for in
 * that window is not drawn again, so its stale row must still go). Resolves whether the shared tier
 * was purged before the change was announced.
 */
export async function purgeThenPublish<C extends { tags: string[] }>(
  purge: (tags: readonly string[]) => Promise<void>,
  change: C,
  publish: (change: C & { sharedStale?: true }) => void,
  opts: { delays?: readonly number[]; laterDelays?: readonly number[]; onError?: (err: unknown) => void } = {},
): Promise<boolean> {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  /** a try after each wait; null once one succeeds, else the last error */
  const tries = async (waits: readonly number[]): Promise<unknown> => {
    let last: unknown = null;
    for (const wait of waits) {
      if (wait) await sleep(wait);
      try {
        await purge(change.tags);
        return null;
      } catch (err) {
        last = err ?? new Error("purge failed");
      }
    }
    return last;
  };
  const failed = change.tags.length ? await tries([0, ...(opts.delays ?? [100, 400, 1600])]) : null;
  if (!failed) {
    publish(change);
    return true;
  }
  opts.onError?.(failed);
  publish({ ...change, sharedStale: true });
  const stillFailing = await tries(opts.laterDelays ?? [5_000, 15_000, 30_000]);
  if (stillFailing) opts.onError?.(stillFailing);
  return false;
}
