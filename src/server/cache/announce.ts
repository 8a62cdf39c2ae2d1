import "server-only";
import type { Db } from "@/server/db/client";
import { purgeSharedTags, purgeThenPublish } from "@/server/http/shared-page-cache";
import type { ChangeBus } from "./change-bus";
import { onCatalogueChangePublish } from "./index";

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
  const purge = opts.purge ?? ((tags: readonly string[]) => purgeSharedTags(opts.db, tags));
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
