import "server-only";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { isPageTag, pageTag } from "@/domain/http/page-cache";
import { isPhotoKey } from "@/domain/photos/params";
import { POSTGRES_TIMEOUTS } from "@/server/db/client";

/*
 * A site changed in one app process is seen by every process on the same PostgreSQL at
 * once, through LISTEN/NOTIFY (no extra service). Each process publishes the site ids it changed
 * and drops its own caches of the ids the others publish. A notice lost while a listener
 * reconnects is covered by the caches' own lifetimes (CATALOGUE_CACHE_TTL_SECONDS +
 * HTTP_CACHE_TTL_SECONDS), the bound before this existed.
 */

export const CHANGE_CHANNEL = "dealer_catalogue_changed";

/**
 * What changed: the sites whose catalogue reads drop, the page tags to purge
 * (src/domain/http/page-cache.ts), and the photos taken down (their variants go from every process).
 * `sharedStale`: the change's delete from the shared page cache failed, so its copies there under
 * these tags are not to be used for the fresh window (src/server/edge/page-cache/shared.ts).
 */
export type Change = { sites: number[]; tags: string[]; photos?: string[]; sharedStale?: true };

export type ChangeBus = {
  publish: (change: Change) => void;
  close: () => Promise<void>;
  /** resolves when the listener is subscribed */
  ready: Promise<void>;
};

type Notice = { from: string } & Change;

/** A notice as another process sent it; without tags (an older process) its sites' pages all go. */
export function parseNotice(payload: string): Notice | null {
  try {
    const v = JSON.parse(payload) as Partial<Record<keyof Notice, unknown>>;
    if (typeof v.from !== "string" || !Array.isArray(v.sites)) return null;
    const sites = v.sites.filter((n): n is number => Number.isInteger(n) && n > 0).slice(0, 1000);
    const tags = Array.isArray(v.tags) ? v.tags.filter(isPageTag).slice(0, 1000) : sites.map(pageTag.site);
    const photos = Array.isArray(v.photos)
      ? v.photos.filter((k): k is string => typeof k === "string" && isPhotoKey(k)).slice(0, 1000)
      : [];
    return { from: v.from, sites, tags, ...(photos.length ? { photos } : {}), ...(v.sharedStale === true ? { sharedStale: true } : {}) };
  } catch {
    return null;
  }
}

/** Listens for other processes' changes (calling `onChange`) and publishes this process's. */
export function startChangeBus(url: string, onChange: (change: Change) => void, log: (err: unknown) => void): ChangeBus {
  const me = randomUUID();
  const sql = postgres(url, { max: 1, onnotice: () => {}, ...POSTGRES_TIMEOUTS, idle_timeout: 0, max_lifetime: null });
  const ready = sql
    .listen(CHANGE_CHANNEL, (payload) => {
      const n = parseNotice(payload);
      if (n && n.from !== me && (n.sites.length || n.tags.length || n.photos?.length))
        onChange({
          sites: n.sites,
          tags: n.tags,
          ...(n.photos ? { photos: n.photos } : {}),
          ...(n.sharedStale ? { sharedStale: true } : {}),
        });
    })
    .then(() => undefined);
  ready.catch(log);
  return {
    ready,
    publish: (change) => {
      // photos taken down go in notices of their own, 100 keys each (NOTIFY payloads stop at 8,000 bytes)
      const photos = [...new Set(change.photos ?? [])];
      for (let i = 0; i < photos.length; i += 100)
        sql
          .notify(CHANGE_CHANNEL, JSON.stringify({ from: me, sites: [], tags: [], photos: photos.slice(i, i + 100) } satisfies Notice))
          .catch(log);
      if (!change.sites.length && !change.tags.length) return;
      // a change too big for one notice is sent as its sites (every page of them)
      const sites = [...new Set(change.sites)].slice(0, 1000);
      const stale = change.sharedStale ? { sharedStale: true as const } : {};
      let body = JSON.stringify({ from: me, sites, tags: [...new Set(change.tags)], ...stale } satisfies Notice);
      if (body.length > 7_500) body = JSON.stringify({ from: me, sites, tags: sites.map(pageTag.site), ...stale } satisfies Notice);
      sql.notify(CHANGE_CHANNEL, body).catch(log);
    },
    close: () => sql.end({ timeout: 2 }),
  };
}
