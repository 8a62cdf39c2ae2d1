import "server-only";
import { photoUrlProblem } from "@/domain/stock/import";
import { vehiclesChanged } from "@/server/cache";
import type { Db } from "@/server/db/client";
import { env } from "@/server/env";
import { FetchFailed, getOutbound, type AddressPolicy } from "@/server/http/outbound";
import { siteLog } from "@/server/log";
import { pollingWorker, type PollingWorker } from "@/server/polling-worker";
import {
  claimDuePhotoFetches,
  finishedFeedPhotos,
  knownFeedPhoto,
  recordPhotoFetches,
  type FetchOutcome,
  type PhotoFetch,
} from "@/server/repositories/photo-fetches";
import { replaceFeedPhotos } from "@/server/repositories/vehicle-photos";
import { MAX_PHOTO_BYTES, PhotoRejected } from "./ingest";
import { keepPhoto } from "./keep";
import { removeFromStore, type ImageServiceDeps } from "./service";

/*
 * Issue 33: the worker that fetches a stock feed's photos. A photo address is https on a public
 * host (every redirect checked again, at most 3), at most 15 MB and 40 megapixels, checked by its
 * bytes like an upload and kept once by content hash. An address the site already holds a photo
 * for is not downloaded again, so an unchanged feed costs no download. A network failure or a
 * server error is tried again with backoff; anything else fails at once with its reason, which the
 * import's report shows.
 */

export const PHOTO_FETCH_LIMITS = { maxBytes: MAX_PHOTO_BYTES, timeoutMs: 20_000, maxRedirects: 3 } as const;
const BATCH = 8;
const CONCURRENCY = 4;

export type PhotoFetchDeps = {
  images?: ImageServiceDeps;
  /** where fetches may connect: public addresses only (tests widen it for their loopback server) */
  allowAddress?: AddressPolicy;
  /** the one origin tests may serve photos from over http on loopback (PHOTO_FETCH_TEST_ORIGIN) */
  testOrigin?: string | null;
};

async function fetchOne(db: Db, job: PhotoFetch, deps: PhotoFetchDeps): Promise<FetchOutcome> {
  const known = await knownFeedPhoto(db, job.siteId, job.url);
  if (known) return { id: job.id, attempts: job.attempts, ok: { ...known, downloaded: false } };
  const testOrigin = deps.testOrigin === undefined ? (env().PHOTO_FETCH_TEST_ORIGIN ?? null) : deps.testOrigin;
  try {
    const bytes = await getOutbound(job.url, {
      ...PHOTO_FETCH_LIMITS,
      urlProblem: (u) => photoUrlProblem(u, testOrigin),
      testOrigin,
      ...(deps.allowAddress ? { allowed: deps.allowAddress } : {}),
    });
    const kept = await keepPhoto(db, bytes, deps.images);
    return { id: job.id, attempts: job.attempts, ok: { ...kept, downloaded: true } };
  } catch (e) {
    if (e instanceof FetchFailed) return { id: job.id, attempts: job.attempts, failed: e.reason, retry: e.transient };
    if (e instanceof PhotoRejected) return { id: job.id, attempts: job.attempts, failed: e.message, retry: false };
    return { id: job.id, attempts: job.attempts, failed: "could not be stored", retry: true };
  }
}

/** Claims and fetches what is due now; cars whose photos of an import are all finished get them. */
export async function fetchDuePhotos(db: Db, deps: PhotoFetchDeps = {}) {
  const claimed = await claimDuePhotoFetches(db, BATCH);
  const outcomes: FetchOutcome[] = [];
  const queue = [...claimed];
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, queue.length) }, async () => {
      for (let job = queue.shift(); job; job = queue.shift()) outcomes.push(await fetchOne(db, job, deps));
    }),
  );
  await recordPhotoFetches(db, outcomes);
  const failed = outcomes.filter((o) => "failed" in o).length;
  // each car of an import once none of its photos waits any more
  const cars = new Map(claimed.map((j) => [`${j.siteId}:${j.vehicleId}:${j.importId}`, j]));
  const done = new Map<number, number[]>(); // site → cars whose photos changed
  for (const j of cars.values()) {
    const photos = await finishedFeedPhotos(db, j.siteId, j.vehicleId, j.importId);
    if (!photos?.length) continue; // still waiting; or nothing could be fetched: the car keeps what it had
    const changed = await replaceFeedPhotos(db, j.siteId, j.vehicleId, photos);
    if (changed) await removeFromStore(changed.unusedKeys, deps.images);
    done.set(j.siteId, [...(done.get(j.siteId) ?? []), j.vehicleId]);
  }
  for (const [siteId, cars] of done) vehiclesChanged(siteId, cars);
  for (const j of claimed) {
    const o = outcomes.find((x) => x.id === j.id);
    if (o && "failed" in o)
      siteLog(j.siteId).warn({ fetchId: j.id, importId: j.importId, attempt: j.attempts, reason: o.failed }, "feed photo not fetched");
  }
  return { claimed: claimed.length, failed };
}

const g = globalThis as unknown as { __photoFetchWorker?: PollingWorker };

/** Starts this process's photo fetcher: every few seconds, and at once when an import is applied here. */
export function startPhotoFetchWorker(getDbFn: () => Promise<Db>, deps: PhotoFetchDeps = {}, intervalMs = 5000): PollingWorker {
  if (g.__photoFetchWorker) return g.__photoFetchWorker;
  const worker = pollingWorker({
    name: "photo fetch worker",
    intervalMs,
    wakeDelayMs: 50,
    round: async () => (await fetchDuePhotos(await getDbFn(), deps)).claimed === BATCH,
  });
  return (g.__photoFetchWorker = {
    wake: worker.wake,
    stop: async () => {
      await worker.stop();
      g.__photoFetchWorker = undefined;
    },
  });
}

/** Called after an import is applied: this process's fetcher (if any) starts at once. */
export function wakePhotoFetchWorker(): void {
  g.__photoFetchWorker?.wake();
}
