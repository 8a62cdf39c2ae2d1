/*
 * What every bench shares: the bench server's port and data folder, the HTTP load generator
 * (autocannon, p50/p95), running the production server on a fresh demo database, and the
 * real-photograph workload.
 */
import type { ChildProcess } from "node:child_process";
import { startServer, stopServer } from "../server-process";
import { hostRequest } from "../host-request";
import { loadPhotographs } from "../photographs";
import { rmSync } from "node:fs";
import { pct } from "../cluster-drills";
import autocannon from "autocannon";
import { DEMO_STAFF_PASSWORD } from "@/server/demo/staff";

export const PORT = 3300;
export const DATA = ".data/bench";

export const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** autocannon with 20 connections (or as many as given) on `paths` for `seconds`: an event emitter that is also a promise of the result. */
function cannon(paths: string[], host: string, seconds: number, extraHeaders: Record<string, string>, url: string, connections = 20) {
  // without a callback autocannon returns an event emitter that is also a promise of the result
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers: { host, ...extraHeaders },
    requests: paths.map((path) => ({ method: "GET", path })),
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
}

/** Fails the run on any answer but a 2xx: the bench measures pages, not errors or redirects. */
function only2xx(r: autocannon.Result, path: string | undefined): void {
  if (r.non2xx > 0 || r.errors > 0) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
}

export async function load(
  paths: string[],
  host: string,
  seconds: number,
  extraHeaders: Record<string, string> = {},
  url = `http://127.0.0.1:${PORT}`,
  connections = 20,
) {
  const latencies: number[] = [];
  const instance = cannon(paths, host, seconds, extraHeaders, url, connections);
  instance.on("response", (_c: unknown, _s: number, _b: number, rt: number) => latencies.push(rt));
  const r = await instance;
  only2xx(r, paths[0]);
  return { rps: round(r.requests.average, 0), p95: round(pct(latencies, 95)), p50: round(pct(latencies, 50)), total: r.requests.total };
}

/**
 * One slice of load on `path` for `skipSeconds + seconds` (and up to a second more: autocannon's
 * tick). Only the answers after the first `skipSeconds` are counted: that part fills the server's 20
 * connections and brings it to this page's own pace. Then a pause while the server finishes the
 * requests still in flight, so that their work does not fall in the next slice, another page's.
 */
export async function loadSlice(path: string, host: string, seconds: number, skipSeconds: number, pauseMs = 300) {
  const latencies: number[] = [];
  let from = Number.POSITIVE_INFINITY;
  const instance = cannon([path], host, skipSeconds + seconds, {}, `http://127.0.0.1:${PORT}`);
  instance.on("start", () => (from = performance.now() + skipSeconds * 1000));
  instance.on("response", (_c: unknown, _s: number, _b: number, rt: number) => {
    if (performance.now() >= from) latencies.push(rt);
  });
  const r = await instance;
  // autocannon stops its connections at its next whole-second tick, not at the duration: the window
  // counted is from `from` to now, not `seconds`
  const counted = (performance.now() - from) / 1000;
  only2xx(r, path);
  await new Promise((done) => setTimeout(done, pauseMs));
  return { total: latencies.length, latencies, seconds: counted };
}

/** Runs the production server (dist/server.mjs) on a fresh demo database, with the given page-cache TTL. */
export async function withServer<T>(
  cacheSeconds: number,
  fn: (server: ChildProcess) => Promise<T>,
  extraEnv: Record<string, string> = {},
): Promise<T> {
  // photos and their variants start empty with the database (the demo's are made again on first use)
  for (const dir of [`${DATA}-photos`, `${DATA}-image-cache`]) rmSync(dir, { recursive: true, force: true });
  const server = await startServer({
    port: PORT,
    dataDir: DATA,
    env: {
      LOG_LEVEL: "warn",
      HTTP_CACHE_TTL_SECONDS: String(cacheSeconds),
      BENCH_BASELINE: "true",
      PHOTO_DIR: `${DATA}-photos`,
      IMAGE_CACHE_DIR: `${DATA}-image-cache`,
      ...extraEnv,
    },
  });
  try {
    return await fn(server);
  } finally {
    await stopServer(server);
  }
}

/** The real-photograph workload: three photographs on each of parkside's cars, uploaded by its manager. */
export const withPhotographs = () =>
  loadPhotographs({ port: PORT, siteId: 1001, email: "manager@parksidemotorgroup.com.au", password: DEMO_STAFF_PASSWORD, perCar: 3 });

export const SEARCH = "/search/new-used-and-demo-cars";
export const HOST = "parkside-motor-group.localhost";

export type Load = Awaited<ReturnType<typeof load>>;

/** A request to the bench's server as a browser of `host` sends it. */
export const hostGet = (host: string, path: string, init?: Parameters<typeof hostRequest>[3]) => hostRequest(PORT, host, path, init);
