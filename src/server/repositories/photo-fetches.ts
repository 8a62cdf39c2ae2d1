import "server-only";
import type { ImportPhotoReport } from "@/domain/stock/import";
import { and, asc, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { rowsOf } from "./row";

/*
 * A stock feed's photos waiting to be fetched. Each applied import queues its cars'
 * photo addresses in order; the worker claims due rows (SKIP LOCKED, so that every process may run
 * one), records each outcome, retries what may work later with backoff, and once a car's rows of
 * one import are all finished its feed photos are replaced. A newer import of the same car
 * supersedes what an older one still had waiting.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Tries per photo, the waits between them, and how long a claimed row is the claimer's. */
export const PHOTO_FETCH = { maxAttempts: 4, retryAfterSeconds: [30, 300, 1800], leaseSeconds: 120 } as const;

export type FeedPhotos = { vehicleId: number; stockNumber: string; urls: string[] };
export type PhotoFetch = { id: number; siteId: number; vehicleId: number; importId: number; url: string; attempts: number };

/** Queues the photos of an applied import's cars (in the import's transaction). */
export async function enqueueFeedPhotos(tx: Tx, siteId: number, importId: number, cars: FeedPhotos[]): Promise<number> {
  if (!cars.length) return 0;
  await tx
    .update(t.photoFetches)
    .set({ status: "superseded", lockedUntil: null })
    .where(
      and(
        eq(t.photoFetches.siteId, siteId),
        eq(t.photoFetches.status, "pending"),
        inArray(
          t.photoFetches.vehicleId,
          cars.map((c) => c.vehicleId),
        ),
      ),
    );
  const rows = cars.flatMap((c) =>
    c.urls.map((url, position) => ({ siteId, vehicleId: c.vehicleId, importId, stockNumber: c.stockNumber, url, position })),
  );
  for (let i = 0; i < rows.length; i += 1000) await tx.insert(t.photoFetches).values(rows.slice(i, i + 1000));
  return rows.length;
}

/** The part of a row's photo address one host answers for (host and port). */
const URL_HOST = sql.raw(`coalesce(lower(substring(url from '^[^:]+://([^/?#]+)')), '')`);

/**
 * Claims the next due row for this worker (a lapsed lease is due again), skipping every host that
 * has a fetch in flight (a leased row) in any process: one host is fetched from once at a time, so
 * a slow one holds one worker, never the queue behind it.
 */
export async function claimDuePhotoFetch(db: Db): Promise<PhotoFetch | null> {
  const result = await db.execute(sql`
    with busy as (
      select distinct ${URL_HOST} as host from photo_fetches where status = 'pending' and locked_until >= now())
    update photo_fetches f
       set locked_until = now() + make_interval(secs => ${PHOTO_FETCH.leaseSeconds}), attempts = f.attempts + 1
     where f.id in (
       select id from photo_fetches
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
          and ${URL_HOST} not in (select host from busy)
        order by next_attempt_at, id
        limit 1
        for update skip locked)
    returning f.id, f.site_id, f.vehicle_id, f.import_id, f.url, f.attempts`);
  const [r] = rowsOf<Record<string, unknown>>(result);
  return r
    ? {
        id: Number(r.id),
        siteId: Number(r.site_id),
        vehicleId: Number(r.vehicle_id),
        importId: Number(r.import_id),
        url: String(r.url),
        attempts: Number(r.attempts),
      }
    : null;
}

/** The photo the site already holds for this address (an unchanged feed downloads nothing). */
export async function knownFeedPhoto(db: Db, siteId: number, url: string) {
  const [held] = await db
    .select({ key: t.vehiclePhotos.key, width: t.vehiclePhotos.width, height: t.vehiclePhotos.height })
    .from(t.vehiclePhotos)
    .where(and(eq(t.vehiclePhotos.siteId, siteId), eq(t.vehiclePhotos.sourceUrl, url)))
    .limit(1);
  if (held) return held;
  const [fetched] = await db
    .select({ key: t.photoFetches.key, width: t.photoFetches.width, height: t.photoFetches.height })
    .from(t.photoFetches)
    .where(
      and(eq(t.photoFetches.siteId, siteId), eq(t.photoFetches.url, url), eq(t.photoFetches.status, "done"), isNotNull(t.photoFetches.key)),
    )
    .limit(1);
  return fetched?.key ? { key: fetched.key, width: fetched.width, height: fetched.height } : null;
}

export type FetchOutcome =
  | { id: number; attempts: number; ok: { key: string; width: number | null; height: number | null; downloaded: boolean } }
  | { id: number; attempts: number; failed: string; retry: boolean };

/** Records outcomes: done; back to pending after its wait (a transient failure with tries left); or failed. */
export async function recordPhotoFetches(db: Db, outcomes: FetchOutcome[]): Promise<void> {
  for (const o of outcomes) {
    const mine = and(eq(t.photoFetches.id, o.id), eq(t.photoFetches.status, "pending")); // a superseded row stays so
    if ("ok" in o) {
      await db
        .update(t.photoFetches)
        .set({
          status: "done",
          key: o.ok.key,
          width: o.ok.width,
          height: o.ok.height,
          downloaded: o.ok.downloaded,
          lockedUntil: null,
          reason: null,
        })
        .where(mine);
    } else if (o.retry && o.attempts < PHOTO_FETCH.maxAttempts) {
      const wait = PHOTO_FETCH.retryAfterSeconds[Math.min(o.attempts, PHOTO_FETCH.retryAfterSeconds.length) - 1]!;
      await db
        .update(t.photoFetches)
        .set({ reason: o.failed, lockedUntil: null, nextAttemptAt: sql`now() + make_interval(secs => ${wait})` })
        .where(mine);
    } else {
      await db.update(t.photoFetches).set({ status: "failed", reason: o.failed, lockedUntil: null }).where(mine);
    }
  }
}

/**
 * A car's photos of one import once none is waiting any more: the fetched ones in the feed's
 * order; null while some are still pending or when a newer import took over.
 */
export async function finishedFeedPhotos(db: Db, siteId: number, vehicleId: number, importId: number) {
  const rows = await db
    .select({
      status: t.photoFetches.status,
      url: t.photoFetches.url,
      key: t.photoFetches.key,
      width: t.photoFetches.width,
      height: t.photoFetches.height,
    })
    .from(t.photoFetches)
    .where(and(eq(t.photoFetches.siteId, siteId), eq(t.photoFetches.vehicleId, vehicleId), eq(t.photoFetches.importId, importId)))
    .orderBy(asc(t.photoFetches.position));
  if (rows.some((r) => r.status === "pending" || r.status === "superseded")) return null;
  return rows
    .filter((r) => r.status === "done" && r.key)
    .map((r) => ({ key: r.key!, width: r.width ?? 0, height: r.height ?? 0, sourceUrl: r.url }));
}

/**
 * The latest import that gave this car photos: whether some still wait, and its fetched rows' keys, for the
 * photos to be applied again when the dealer hands them back to the feed; null when no feed has.
 */
export async function latestFeedPhotoFetches(db: Db, siteId: number, vehicleId: number) {
  const mine = and(eq(t.photoFetches.siteId, siteId), eq(t.photoFetches.vehicleId, vehicleId));
  const [latest] = await db
    .select({ importId: t.photoFetches.importId })
    .from(t.photoFetches)
    .where(mine)
    .orderBy(desc(t.photoFetches.importId))
    .limit(1);
  if (!latest) return null;
  const rows = await db
    .select({ id: t.photoFetches.id, key: t.photoFetches.key, status: t.photoFetches.status })
    .from(t.photoFetches)
    .where(and(mine, eq(t.photoFetches.importId, latest.importId)));
  return {
    importId: latest.importId,
    waiting: rows.some((r) => r.status === "pending"),
    done: rows.flatMap((r) => (r.status === "done" && r.key ? [{ id: r.id, key: r.key }] : [])),
  };
}

/** Puts fetched rows back in the queue, due now (their photo left the store meanwhile: it is fetched again). */
export async function fetchAgain(db: Db, siteId: number, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .update(t.photoFetches)
    .set({ status: "pending", attempts: 0, key: null, width: null, height: null, lockedUntil: null, nextAttemptAt: sql`now()` })
    .where(and(eq(t.photoFetches.siteId, siteId), inArray(t.photoFetches.id, [...ids])));
}

/** What became of each import's photos, for its report (imports with none are left out). */
export async function importPhotoReports(db: Db, siteId: number, importIds: number[]): Promise<Map<number, ImportPhotoReport>> {
  const out = new Map<number, ImportPhotoReport>();
  if (!importIds.length) return out;
  const rows = await db
    .select({
      importId: t.photoFetches.importId,
      status: t.photoFetches.status,
      downloaded: t.photoFetches.downloaded,
      stockNumber: t.photoFetches.stockNumber,
      url: t.photoFetches.url,
      reason: t.photoFetches.reason,
    })
    .from(t.photoFetches)
    .where(and(eq(t.photoFetches.siteId, siteId), inArray(t.photoFetches.importId, importIds)))
    .orderBy(asc(t.photoFetches.id));
  for (const r of rows) {
    const rep = out.get(r.importId) ?? { total: 0, downloaded: 0, unchanged: 0, pending: 0, failed: [] };
    rep.total++;
    if (r.status === "pending") rep.pending++;
    else if (r.status === "done") rep[r.downloaded ? "downloaded" : "unchanged"]++;
    else if (r.status === "failed") rep.failed.push({ stockNumber: r.stockNumber, url: r.url, reason: r.reason ?? "failed" });
    out.set(r.importId, rep);
  }
  return out;
}
