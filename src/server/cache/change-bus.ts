import "server-only";
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { POSTGRES_TIMEOUTS } from "@/server/db/client";

/*
 * Issue 17: a site changed in one app process is seen by every process on the same PostgreSQL at
 * once, through LISTEN/NOTIFY (no extra service). Each process publishes the site ids it changed
 * and drops its own caches of the ids the others publish. A notice lost while a listener
 * reconnects is covered by the caches' own lifetimes (CATALOGUE_CACHE_TTL_SECONDS +
 * HTTP_CACHE_TTL_SECONDS), the bound before this existed.
 */

export const CHANGE_CHANNEL = "dealer_catalogue_changed";

export type ChangeBus = {
  publish: (siteIds: readonly number[]) => void;
  close: () => Promise<void>;
  /** resolves when the listener is subscribed */
  ready: Promise<void>;
};

type Notice = { from: string; sites: number[] };

export function parseNotice(payload: string): Notice | null {
  try {
    const v = JSON.parse(payload) as Partial<Notice>;
    if (typeof v.from !== "string" || !Array.isArray(v.sites)) return null;
    const sites = v.sites.filter((n): n is number => Number.isInteger(n) && n > 0).slice(0, 1000);
    return { from: v.from, sites };
  } catch {
    return null;
  }
}

/** Listens for other processes' changes (calling `onChange`) and publishes this process's. */
export function startChangeBus(url: string, onChange: (siteIds: number[]) => void, log: (err: unknown) => void): ChangeBus {
  const me = randomUUID();
  const sql = postgres(url, { max: 1, onnotice: () => {}, ...POSTGRES_TIMEOUTS, idle_timeout: 0, max_lifetime: null });
  const ready = sql
    .listen(CHANGE_CHANNEL, (payload) => {
      const n = parseNotice(payload);
      if (n && n.from !== me && n.sites.length) onChange(n.sites);
    })
    .then(() => undefined);
  ready.catch(log);
  return {
    ready,
    publish: (siteIds) => {
      if (!siteIds.length) return;
      sql.notify(CHANGE_CHANNEL, JSON.stringify({ from: me, sites: [...new Set(siteIds)].slice(0, 1000) } satisfies Notice)).catch(log);
    },
    close: () => sql.end({ timeout: 2 }),
  };
}
