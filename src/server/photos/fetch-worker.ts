import "server-only";
import { photoUrlProblem } from "@/domain/stock/import";
import { vehiclesChanged } from "@/server/cache";
import type { Db } from "@/server/db/client";
import { env } from "@/server/base/env";
import { FetchFailed, getOutbound, type AddressPolicy } from "@/server/http/outbound";
import { siteLog } from "@/server/base/log";
import { pollingWorker, type PollingWorker } from "@/server/base/polling-worker";
import {
  claimDuePhotoFetch,
  fetchAgain,
  finishedFeedPhotos,
  knownFeedPhoto,
  latestFeedPhotoFetches,
  recordPhotoFetches,
  type FetchOutcome,
  type PhotoFetch,
} from "@/server/repositories/photo-fetches";
import { applyFeedPhotosToCar } from "@/server/repositories/vehicle-photos";
import { MAX_PHOTO_BYTES, PhotoRejected } from "./ingest";
import { keepPhoto } from "./keep";
import { imageServiceDeps, removeFromStore, type ImageServiceDeps } from "./service";
import { forget, recall, remember } from "@/server/base/remember";

/*
 * The worker that fetches a stock feed's photos. A photo address is https on a public
 * host (every redirect checked again, at most 3), at most 15 MB and 40 megapixels, checked by its
 * bytes like an upload and kept once by content hash. An address the site already holds a photo
 * for is not downloaded again, so an unchanged feed costs no download. A network failure or a
 * server error is tried again with backoff; anything else fails at once with its reason, which the
 * import's report shows.
 *
 * One slow host must not hold anyone else's photos: each fetch has a total deadline and a minimum
 * rate (a host dripping a byte every few seconds never trips an idle timeout), a host is fetched
 * from once at a time (the claim skips hosts with a fetch in flight), and the process runs a few
 * independent lanes that each claim, fetch and record one photo, so a stalled fetch holds one lane
 * and the others keep going.
 */

export const PHOTO_FETCH_LIMITS = {
  maxBytes: MAX_PHOTO_BYTES,
  timeoutMs: 20_000,
  maxRedirects: 3,
  deadlineMs: 30_000,
  minBytesPerSecond: 32 * 1024,
  rateGraceMs: 3_000,
} as const;
export type PhotoFetchLimits = { [K in keyof typeof PHOTO_FETCH_LIMITS]: number };
/** Photos a call of fetchDuePhotos takes on at most (each from a different host). */
const BATCH = 8;
/** Lanes of this process's worker. */
const LANES = 4;

export type PhotoFetchDeps = {
  images?: ImageServiceDeps;
  /** where fetches may connect: public addresses only (tests widen it for their loopback server) */
  allowAddress?: AddressPolicy;
  /** the origin tests may serve photos from over http on loopback (PHOTO_FETCH_TEST_ORIGIN; a test with two hosts gives both) */
  testOrigin?: string | readonly string[] | null;
  /** tests shorten the deadline and the rate's grace */
  limits?: Partial<PhotoFetchLimits>;
};

/** The test origin a photo's address is on, if any (a test may serve from two hosts: a slow one and another). */
function testOriginOf(url: string, origins: string | readonly string[] | null): string | null {
  if (origins === null || typeof origins === "string") return origins;
  return origins.find((o) => URL.canParse(url) && new URL(url).origin === o) ?? null;
}

async function fetchOne(db: Db, job: PhotoFetch, deps: PhotoFetchDeps): Promise<FetchOutcome> {
  const known = await knownFeedPhoto(db, job.siteId, job.url);
  // a photo taken down since (the dealer replaced the feed's photos, no car held it) is fetched again
  if (known && (await (deps.images ?? imageServiceDeps()).store.has(known.key)))
    return { id: job.id, attempts: job.attempts, ok: { ...known, downloaded: false } };
  const testOrigin = testOriginOf(job.url, deps.testOrigin === undefined ? (env().PHOTO_FETCH_TEST_ORIGIN ?? null) : deps.testOrigin);
  try {
    const bytes = await getOutbound(job.url, {
      ...PHOTO_FETCH_LIMITS,
      ...deps.limits,
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

// claims of one process one at a time, so that two lanes never both take a host that is free
let claiming: Promise<unknown> = Promise.resolve();
function claimNext(db: Db): Promise<PhotoFetch | null> {
  const next = claiming.then(() => claimDuePhotoFetch(db));
  claiming = next.catch(() => {});
  return next;
}

/** Fetches one claimed photo and records it at once; its car gets its photos as soon as none of them waits. */
async function fetchAndRecord(db: Db, job: PhotoFetch, deps: PhotoFetchDeps): Promise<FetchOutcome> {
  const outcome = await fetchOne(db, job, deps);
  await recordPhotoFetches(db, [outcome]);
  if ("failed" in outcome)
    siteLog(job.siteId).warn(
      { fetchId: job.id, importId: job.importId, attempt: job.attempts, reason: outcome.failed },
      "feed photo not fetched",
    );
  await applyFeedPhotos(db, job.siteId, job.vehicleId, job.importId, deps);
  return outcome;
}

/**
 * A car's photos from one import, once none of them waits; false while some do, when nothing could be
 * fetched (the car keeps what it had) or when a person replaced the feed's photos (edited here: the
 * fetched photos wait, recorded, for the dealer to hand the photos back).
 */
async function applyFeedPhotos(db: Db, siteId: number, vehicleId: number, importId: number, deps: PhotoFetchDeps): Promise<boolean> {
  const photos = await finishedFeedPhotos(db, siteId, vehicleId, importId);
  if (!photos?.length) return false;
  const changed = await applyFeedPhotosToCar(db, siteId, vehicleId, photos);
  if (!changed) return false;
  await removeFromStore(changed.unusedKeys, deps.images);
  vehiclesChanged(siteId, [vehicleId]);
  return true;
}

/**
 * After the dealer hands a car's photos back to the feed: the latest import's photos for it apply at
 * once when the store still holds them all ("applied"); those taken down meanwhile are fetched again
 * and the car gets them when the worker is done ("fetching"); "none" when no feed gave the car photos.
 */
export async function applyLatestFeedPhotos(
  db: Db,
  siteId: number,
  vehicleId: number,
  deps: PhotoFetchDeps = {},
): Promise<"applied" | "fetching" | "none"> {
  const latest = await latestFeedPhotoFetches(db, siteId, vehicleId);
  if (!latest) return "none";
  const store = (deps.images ?? imageServiceDeps()).store;
  const gone = [];
  for (const row of latest.done) if (!(await store.has(row.key))) gone.push(row.id);
  if (gone.length) await fetchAgain(db, siteId, gone);
  if (gone.length || latest.waiting) {
    wakePhotoFetchWorker();
    return "fetching";
  }
  return (await applyFeedPhotos(db, siteId, vehicleId, latest.importId, deps)) ? "applied" : "none";
}

/** Claims what is due now (up to `max`, one per host) and fetches it side by side, each recorded as it ends. */
export async function fetchDuePhotos(db: Db, deps: PhotoFetchDeps = {}, max = BATCH) {
  const claimed: PhotoFetch[] = [];
  for (let job = await claimNext(db); job; job = claimed.length < max ? await claimNext(db) : null) claimed.push(job);
  const outcomes = await Promise.all(claimed.map((job) => fetchAndRecord(db, job, deps)));
  return { claimed: claimed.length, failed: outcomes.filter((o) => "failed" in o).length };
}

const WORKER = "photo-fetch-worker";

/** Starts this process's photo fetcher: its lanes every few seconds, and at once when an import is applied here. */
export function startPhotoFetchWorker(getDbFn: () => Promise<Db>, deps: PhotoFetchDeps = {}, intervalMs = 5000): PollingWorker {
  const running = recall<PollingWorker>(WORKER);
  if (running) return running;
  const lanes = Array.from({ length: LANES }, (_, i) =>
    pollingWorker({
      name: `photo fetch worker (lane ${i + 1})`,
      intervalMs,
      wakeDelayMs: 50,
      // a lane goes on at once while it found a photo to fetch
      round: async () => (await fetchDuePhotos(await getDbFn(), deps, 1)).claimed === 1,
    }),
  );
  return remember<PollingWorker>(WORKER, () => ({
    wake: () => lanes.forEach((l) => l.wake()),
    stop: async () => {
      await Promise.all(lanes.map((l) => l.stop()));
      forget(WORKER);
    },
  }));
}

/** Called after an import is applied: this process's fetcher (if any) starts at once. */
export function wakePhotoFetchWorker(): void {
  recall<PollingWorker>(WORKER)?.wake();
}
