/*
 * --only fleet: what 5,000 dealers cost (docs/operations/scale.md). The fleet's database (fleet-load.ts:
 * the demo sites and synthetic dealers to 1,000,000 cars in PostgreSQL), then 1, 2 and 4 app
 * processes behind Caddy (scripts/lib/cluster.ts), each replaying the same traffic for a fixed time:
 * shoppers drawn from a Zipf distribution over dealers and over each dealer's pages, a crawler's
 * uniform tail beside them, and a stream of price, stock and photo changes made through the
 * back-office API as a platform operator. Per process count: the page cache's hit ratio, latency,
 * CPU per page view (app processes, PostgreSQL and Caddy apart), purges per second and memory per
 * process. Then the model (fleet-model.ts) carries the figures to a fleet of 32 processes serving
 * 500 page views a second. Figures to .data/bench-fleet.json.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import postgres from "postgres";
import { ensureBuild } from "../server-process";
import { startCluster, type Cluster } from "../cluster";
import { pct } from "../cluster-drills";
import { hostRequest, type HostAnswer } from "../host-request";
import { round } from "./measure";
import { residentAtRest, residentNow, type Resident } from "./memory";
import { FLEET_DATABASE, FLEET_DIR, FLEET_OPERATOR, FLEET_PG_PORT, loadFleet, type FleetLoad } from "./fleet-load";
import {
  drawRank,
  estimateFleet,
  seededRandom,
  simulateHitRatio,
  zipfCumulative,
  type CacheResult,
  type FleetStream,
  type ViewCost,
} from "./fleet-model";
import type { BenchOptions } from "./options";
import {
  CAR_PAGE,
  lookupCpuOf,
  missSample,
  pageKind,
  sharedTierOf,
  SHARED_COPY_SHARE,
  type Dealer,
  type LookupCpu,
  type SharedSnapshot,
} from "./fleet-sample";

const FRONT = { port: 8094, tlsPort: 8494, appPort: 3741 };
const PROCESS_COUNTS = [1, 2, 4];
/** closed-loop clients (each sends its next request when the last is answered) */
const CLIENTS = 12;
/** the crawler's share of requests */
const CRAWLER_SHARE = 0.15;
/** Zipf exponents over dealers and over a dealer's pages */
const DEALER_S = 1.0;
const PAGE_S = 1.0;
/**
 * The change stream: 5,000 dealers × 3 changes a day = 15,000 a day; one day compressed into
 * 50 minutes (28.8×) is 5 changes a second. 70% prices, 20% stock (a car sold, or back in stock),
 * 10% photos (a car's photos put in another order).
 */
const CHANGES_PER_DEALER_PER_DAY = 3;
const CHANGES_PER_SECOND = 5;
/** The fleet the figures are carried to, and the assumptions that carry them. */
const TARGET = { processes: 32, viewsPerSecond: 500, utilisation: 0.6, pricePerCoreHour: 0.04 };
const OUT = ".data/bench-fleet.json";
const PAGES_FILE = `${FLEET_DIR}/fleet-pages.json`;

/** A dealer's pages in the order shoppers favour them: home, search, then landing pages, cars and the rest in turn. */
export function rankPages(paths: readonly string[]): { pages: string[]; cars: number[] } {
  const search = paths.filter((p) => p.startsWith("/search/"));
  const main = search.find((p) => p === "/search/new-used-and-demo-cars") ?? search[0];
  const landing = search.filter((p) => p !== main);
  const carPaths = paths.filter((p) => CAR_PAGE.test(p));
  const rest = paths.filter((p) => p !== "/" && !p.startsWith("/search/") && !CAR_PAGE.test(p));
  const pages = ["/", ...(main ? [main] : [])];
  for (let i = 0; i < Math.max(landing.length, carPaths.length, rest.length); i++)
    for (const list of [landing, carPaths, rest]) if (i < list.length) pages.push(list[i]!);
  const cars = pages.flatMap((p, i) => (CAR_PAGE.test(p) ? [i] : []));
  return { pages, cars };
}

const get = (c: Cluster, host: string, path: string, init?: Parameters<typeof hostRequest>[3]) =>
  hostRequest(Number(new URL(c.url).port), host, path, init);

/** Every dealer's sitemap addresses, read once through the front door and kept beside the database. */
async function dealerPages(c: Cluster, fresh: boolean): Promise<{ dealers: Dealer[]; ms: number }> {
  if (!fresh && existsSync(PAGES_FILE)) return { dealers: JSON.parse(readFileSync(PAGES_FILE, "utf8")) as Dealer[], ms: 0 };
  const t0 = Date.now();
  const sql = postgres(c.databaseUrl, { max: 1, onnotice: () => {} });
  const sites = await sql<{ id: number; slug: string }[]>`select id, slug from sites order by id`.finally(() => sql.end());
  const dealers: Dealer[] = [];
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < sites.length; i = next++) {
      const s = sites[i]!;
      const host = `${s.slug}.localhost`;
      const r = await get(c, host, "/sitemap.xml");
      if (r.status !== 200) continue; // a draft site has no sitemap, and no shoppers
      const paths = [...r.body.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
      dealers.push({ siteId: s.id, host, ...rankPages(paths) });
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  dealers.sort((a, b) => a.siteId - b.siteId);
  writeFileSync(PAGES_FILE, JSON.stringify(dealers));
  return { dealers, ms: Date.now() - t0 };
}

/** utime + stime (and, for a parent, its waited-for children's) of a process, in ms. */
function cpuMs(pid: number, withChildren = false): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
    return ticks * 10; // USER_HZ is 100 on Linux
  } catch {
    return 0; // the process ended
  }
}

/** The processes whose parent is `ppid` (each with its command name). */
function childrenOf(ppid: number): Array<{ pid: number; comm: string }> {
  const out: Array<{ pid: number; comm: string }> = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(f[1]) === ppid) out.push({ pid: Number(name), comm });
    } catch {
      // gone between the listing and the read
    }
  }
  return out;
}

/** CPU ms so far of the app processes, PostgreSQL (its server and sessions) and Caddy. */
function cpuNow(c: Cluster) {
  const ours = childrenOf(process.pid);
  const pg = ours.filter((p) => p.comm === "postgres");
  const caddy = ours.filter((p) => p.comm === "caddy");
  return {
    apps: c.apps.reduce((n, a) => n + cpuMs(a.process.pid!), 0),
    pg: pg.reduce((n, p) => n + cpuMs(p.pid, true) + childrenOf(p.pid).reduce((m, k) => m + cpuMs(k.pid), 0), 0),
    caddy: caddy.reduce((n, p) => n + cpuMs(p.pid), 0),
  };
}

type PageCacheStats = {
  entries: number;
  bytes: number;
  maxEntries: number;
  maxBytes: number;
  freshSeconds?: number;
  ttlSeconds: number;
  purges: number;
  purged: number;
  rewarmed?: number;
  /** with HTTP_CACHE_SHARED=postgres */
  shared?: SharedSnapshot;
};

async function pageCaches(c: Cluster): Promise<PageCacheStats[]> {
  return Promise.all(
    c.apps.map(async (a) => {
      const r = await fetch(`http://127.0.0.1:${a.port}/api/health`);
      return ((await r.json()) as { pageCache: PageCacheStats }).pageCache;
    }),
  );
}

/**
 * Empties the shared page cache's tables (UNLOGGED, migration 0040): they outlive the processes, so
 * a `--shared-cache` row would otherwise start warm from the rows and runs before it, and could
 * serve copies whose changes it never heard of. Every row starts cold.
 */
async function emptySharedTier(c: Cluster): Promise<void> {
  const sql = postgres(c.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`truncate page_cache, page_cache_purges`;
  } finally {
    await sql.end();
  }
}

/** The operator's session cookie (the change stream's edits are made as a person on the back-office would). */
async function signIn(c: Cluster): Promise<string> {
  const r = await get(c, "admin.localhost", "/api/admin/sign-in", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(FLEET_OPERATOR),
  });
  if (r.status !== 200) throw new Error(`the fleet operator could not sign in: ${r.status}`);
  return ([] as string[])
    .concat(r.headers["set-cookie"] ?? [])
    .map((x) => x.split(";")[0])
    .join("; ");
}

/** Each dealer's first in-stock cars: what the change stream edits. */
async function carsToChange(c: Cluster): Promise<Map<number, number[]>> {
  const sql = postgres(c.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ site_id: number; ids: number[] }[]>`
      select site_id, (array_agg(id order by id))[1:8] as ids from vehicles
      where status = 'in_stock' and show_on_dealer_website group by site_id`;
    return new Map(rows.map((r) => [r.site_id, r.ids.map(Number)]));
  } finally {
    await sql.end();
  }
}

type Traffic = { dealers: Dealer[]; dealerCum: Float64Array; pageCums: Map<number, Float64Array>; cars: Map<number, number[]> };

type PhaseResult = {
  seconds: number;
  shopper: { requests: number; hitRatio: number; p50: number; p95: number; p99: number; states: Record<string, number> };
  crawler: { requests: number; hitRatio: number; p50: number; p95: number; p99: number };
  viewsPerSecond: number;
  changes: { price: number; stock: number; photo: number; failed: number };
  errors: string[];
};

/** Cars the change stream marked sold (car → site): put back in stock once a row's figures are read. */
type Sold = Map<number, number>;

const putVehicle = (c: Cluster, cookie: string, path: string, body: unknown) =>
  get(c, "admin.localhost", path, { method: "PUT", headers: { "content-type": "application/json", cookie }, body: JSON.stringify(body) });

/** The fleet stays as loaded for the next row and the next run (its sitemaps are read once). */
async function restock(c: Cluster, cookie: string, sold: Sold): Promise<void> {
  for (const [id, siteId] of sold) await putVehicle(c, cookie, `/api/admin/sites/${siteId}/vehicles/${id}`, { status: "in_stock" });
  sold.clear();
}

/** One stretch of the traffic: CLIENTS closed-loop clients and the change stream beside them (cars it sells are noted in `sold`). */
async function replay(c: Cluster, t: Traffic, seconds: number, cookie: string, seed: number, sold: Sold): Promise<PhaseResult> {
  const random = seededRandom(seed);
  const end = performance.now() + seconds * 1000;
  const lat = { shopper: [] as number[], crawler: [] as number[] };
  const states = { shopper: new Map<string, number>(), crawler: new Map<string, number>() };
  const errors = new Set<string>();
  const record = (who: "shopper" | "crawler", r: HostAnswer, where: string) => {
    lat[who].push(r.ms);
    const state = String(r.headers["x-cache"] ?? `status ${r.status}`);
    states[who].set(state, (states[who].get(state) ?? 0) + 1);
    if (r.status >= 500) errors.add(`${r.status} ${where}`);
  };
  const pageCum = (n: number) => {
    let cum = t.pageCums.get(n);
    if (!cum) t.pageCums.set(n, (cum = zipfCumulative(n, PAGE_S)));
    return cum;
  };
  const client = async () => {
    while (performance.now() < end) {
      const crawler = random() < CRAWLER_SHARE;
      const d = t.dealers[crawler ? Math.floor(random() * t.dealers.length) : drawRank(t.dealerCum, random())]!;
      const path = d.pages[crawler ? Math.floor(random() * d.pages.length) : drawRank(pageCum(d.pages.length), random())]!;
      const r = await get(c, d.host, path).catch((e: Error) => ({ status: 599, headers: {}, body: e.message, ms: 30_000 }) as HostAnswer);
      record(crawler ? "crawler" : "shopper", r, `${d.host}${path}`);
    }
  };
  const changes = { price: 0, stock: 0, photo: 0, failed: 0 };
  const put = (path: string, body: unknown) => putVehicle(c, cookie, path, body);
  const change = async () => {
    const d = t.dealers[Math.floor(random() * t.dealers.length)]!;
    const ids = t.cars.get(d.siteId) ?? [];
    if (!ids.length) return;
    const id = ids[Math.floor(random() * ids.length)]!;
    const base = `/api/admin/sites/${d.siteId}/vehicles/${id}`;
    const u = random();
    let r: HostAnswer;
    if (u < 0.7) {
      r = await put(base, { price: 15_000 + Math.floor(random() * 60_000) });
      changes.price++;
    } else if (u < 0.9) {
      const wasSold = sold.delete(id);
      if (!wasSold) sold.set(id, d.siteId);
      r = await put(base, { status: wasSold ? "in_stock" : "sold" });
      changes.stock++;
    } else {
      const list = await get(c, "admin.localhost", `${base}/photos`, { headers: { cookie } });
      const photos = list.status === 200 ? (JSON.parse(list.body) as { photos: Array<{ id: number }> }).photos : [];
      if (photos.length < 2) r = await put(base, { price: 15_000 + Math.floor(random() * 60_000) });
      else r = await put(`${base}/photos`, { order: photos.map((p) => p.id).reverse() });
      changes.photo++;
    }
    if (r.status !== 200) {
      changes.failed++;
      errors.add(`change ${r.status} ${base}: ${r.body.slice(0, 120)}`);
    }
  };
  const stream = async () => {
    const inFlight = new Set<Promise<void>>();
    for (let k = 0; performance.now() < end; k++) {
      const due = end - seconds * 1000 + (k * 1000) / CHANGES_PER_SECOND;
      await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      if (performance.now() >= end) break;
      if (inFlight.size >= 4) continue; // the back-office cannot keep up: a change is skipped, not queued
      const p = change().finally(() => inFlight.delete(p));
      inFlight.add(p);
    }
    await Promise.all(inFlight);
  };
  const t0 = performance.now();
  await Promise.all([...Array.from({ length: CLIENTS }, client), stream()]);
  const took = (performance.now() - t0) / 1000;
  const summary = (who: "shopper" | "crawler") => {
    const m = states[who];
    const all = [...m.values()].reduce((a, b) => a + b, 0);
    const hits = (m.get("HIT") ?? 0) + (m.get("STALE") ?? 0);
    return {
      requests: all,
      hitRatio: all ? hits / all : 0,
      p50: round(pct(lat[who], 50)),
      p95: round(pct(lat[who], 95)),
      p99: round(pct(lat[who], 99)),
      states: Object.fromEntries(m),
    };
  };
  const shopper = summary("shopper");
  const crawler = summary("crawler");
  return {
    seconds: round(took),
    shopper,
    crawler: { requests: crawler.requests, hitRatio: crawler.hitRatio, p50: crawler.p50, p95: crawler.p95, p99: crawler.p99 },
    viewsPerSecond: round((shopper.requests + crawler.requests) / took),
    changes,
    errors: [...errors].slice(0, 8),
  };
}

/** CPU per request of cache hits (the hottest pages, already stored) and of misses (tail dealers' pages in the mix's kinds, each asked once). */
async function calibrate(
  c: Cluster,
  t: Traffic,
  seconds: number,
): Promise<ViewCost & { hits: number; misses: number; missKinds: Record<string, number> }> {
  const measure = async (next: () => { host: string; path: string } | null, want: string) => {
    const before = cpuNow(c);
    const end = performance.now() + seconds * 1000;
    let n = 0;
    let wanted = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let x = next(); x && performance.now() < end; x = next()) {
          const r = await get(c, x.host, x.path);
          n++;
          if (r.headers["x-cache"] === want) wanted++;
        }
      }),
    );
    const after = cpuNow(c);
    return { n, wanted, apps: (after.apps - before.apps) / n, pg: (after.pg - before.pg) / n, caddy: (after.caddy - before.caddy) / n };
  };
  const hot = t.dealers.slice(0, 5).flatMap((d) => d.pages.slice(0, 4).map((path) => ({ host: d.host, path })));
  for (const h of hot) await get(c, h.host, h.path); // stored now, if not before
  let i = 0;
  const hits = await measure(() => hot[i++ % hot.length]!, "HIT");
  const tail = missSample(t.dealers.slice(-1500), 3, 11, { crawlerShare: CRAWLER_SHARE, pageS: PAGE_S });
  let j = 0;
  const missKinds: Record<string, number> = {};
  const misses = await measure(() => {
    const x = tail[j++];
    if (x) missKinds[pageKind(x.path)] = (missKinds[pageKind(x.path)] ?? 0) + 1;
    return x ?? null;
  }, "MISS");
  return {
    appHitMs: round(hits.apps, 2),
    appMissMs: round(misses.apps, 2),
    pgHitMs: round(hits.pg, 2),
    pgMissMs: round(misses.pg, 2),
    caddyMs: round((hits.caddy + misses.caddy) / 2, 2),
    hits: round(hits.wanted / Math.max(1, hits.n), 3),
    misses: round(misses.wanted / Math.max(1, misses.n), 3),
    missKinds,
  };
}

type Row = {
  processes: number;
  sharedCache: boolean;
  warmup: PhaseResult;
  phase: PhaseResult;
  cpuMsPerView: { apps: number; pg: number; caddy: number };
  purgesPerSecondPerProcess: number;
  /** shared-tier lookups in the measured stretch, all processes together (null: the tier was off) */
  sharedLookups: number | null;
  /** each process after the warm-up and a few idle seconds */
  atRest: Resident[];
  /** each process after the measured mix */
  memory: Resident[];
  pageCache: PageCacheStats[];
};

export async function runFleet(o: BenchOptions): Promise<void> {
  const started = Date.now();
  const load: FleetLoad = await loadFleet(o.fresh);
  ensureBuild();
  const warmSeconds = o.seconds * 2;
  const seconds = o.seconds * 6;
  const runs = PROCESS_COUNTS.flatMap((p) =>
    o.sharedCache
      ? [
          { p, shared: false },
          { p, shared: true },
        ]
      : [{ p, shared: false }],
  );
  const rows: Row[] = [];
  let pagesMs = 0;
  let traffic: Traffic | null = null;
  let cost: Awaited<ReturnType<typeof calibrate>> | null = null;
  for (const run of runs) {
    const c = await startCluster({
      dir: FLEET_DIR,
      database: FLEET_DATABASE,
      apps: run.p,
      port: FRONT.port,
      tlsPort: FRONT.tlsPort,
      appPort: FRONT.appPort,
      pgPort: FLEET_PG_PORT,
      quiet: true,
      env: {
        LOG_LEVEL: "error",
        // the bench signs its operator in once a row, six rows a run: a stranger's limit of 10 an
        // address refused the second of two runs taken in one quarter hour (429)
        AUTH_RATE_LIMIT: "1000",
        SEED_DEMO_DATA: "false",
        PHOTO_DIR: `${FLEET_DIR}/photos`,
        IMAGE_CACHE_DIR: `${FLEET_DIR}/image-cache`,
        ...(run.shared ? { HTTP_CACHE_SHARED: "postgres" } : {}),
      },
    });
    try {
      if (!traffic) {
        const pages = await dealerPages(c, !load.reused);
        pagesMs = pages.ms;
        // which dealer is how popular: a seeded shuffle, so the demo sites are not all at the head
        const order = [...pages.dealers];
        const shuffle = seededRandom(54);
        for (let i = order.length - 1; i > 0; i--) {
          const k = Math.floor(shuffle() * (i + 1));
          [order[i], order[k]] = [order[k]!, order[i]!];
        }
        traffic = { dealers: order, dealerCum: zipfCumulative(order.length, DEALER_S), pageCums: new Map(), cars: await carsToChange(c) };
      }
      await emptySharedTier(c);
      const cookie = await signIn(c);
      const sold: Sold = new Map();
      const warmup = await replay(c, traffic, warmSeconds, cookie, 1, sold);
      const atRest = await residentAtRest(c.apps.map((a) => a.process.pid!));
      const healthBefore = await pageCaches(c);
      const before = cpuNow(c);
      const phase = await replay(c, traffic, seconds, cookie, 2, sold);
      const after = cpuNow(c);
      const healthAfter = await pageCaches(c);
      const views = phase.shopper.requests + phase.crawler.requests;
      rows.push({
        processes: run.p,
        sharedCache: run.shared,
        warmup,
        phase,
        cpuMsPerView: {
          apps: round((after.apps - before.apps) / views, 2),
          pg: round((after.pg - before.pg) / views, 2),
          caddy: round((after.caddy - before.caddy) / views, 2),
        },
        purgesPerSecondPerProcess: round(
          healthAfter.reduce((n, h, i) => n + h.purges - healthBefore[i]!.purges, 0) / run.p / phase.seconds,
          2,
        ),
        sharedLookups: run.shared
          ? healthAfter.reduce((n, h, i) => n + (h.shared?.lookups ?? 0) - (healthBefore[i]!.shared?.lookups ?? 0), 0)
          : null,
        atRest,
        memory: c.apps.map((a) => residentNow(a.process.pid!)),
        pageCache: healthAfter,
      });
      // after the row's CPU and health are read: the put-backs are not the row's traffic
      await restock(c, cookie, sold);
      if (!cost && !run.shared) cost = await calibrate(c, traffic, Math.max(3, Math.round(o.seconds / 2)));
    } finally {
      await c.stop();
    }
  }
  report({ o, load, pagesMs, rows, cost: cost!, traffic: traffic!, totalSeconds: (Date.now() - started) / 1000 });
}

/** page-cache.ts's default re-warm: the most-served 8 pages a purge took, in each process that purges */
const REWARM = 8;

/** What the cost model needs of a simulation: the share served from a copy, renders and lookups per view. */
const planOf = (r: CacheResult) => ({ hitRatio: r.hitRatio, rendersPerView: r.rendersPerView, lookupsPerView: r.lookupsPerView });

/** the fleet rows' warm-up and counted requests (the warm-up is under one TTL at 500 views/s: see scale.md) */
const MODEL_RUN = { warmup: 3_000_000, requests: 1_000_000 };

/** The model's rows: the bench's own conditions (to check the model against the measured rows), then the fleet of TARGET. */
function model(t: Traffic, rows: Row[], measuredCost: ViewCost) {
  const stats = rows[0]!.pageCache[0]!;
  const perEntry = stats.entries ? stats.bytes / stats.entries : 100_000;
  const capacity = Math.max(1, Math.min(stats.maxEntries, Math.floor(stats.maxBytes / perEntry)));
  const freshSeconds = stats.freshSeconds ?? 300;
  const tier = sharedTierOf(rows, perEntry);
  const lookup = lookupCpuOf(
    rows.map((r) => ({
      processes: r.processes,
      sharedCache: r.sharedCache,
      views: r.phase.shopper.requests + r.phase.crawler.requests,
      pgMsPerView: r.cpuMsPerView.pg,
      sharedLookups: r.sharedLookups,
    })),
  );
  const cost: ViewCost = { ...measuredCost, lookupCpuMs: round(lookup.cpuMs, 3) };
  const sharedCapacity = (bytes: number) => Math.max(1, Math.floor(bytes / tier.bytesPerCopy));
  const pagesPerDealer = t.dealers.map((d) => d.pages.length);
  const carSets = t.dealers.map((d) => d.cars);
  const stream = (requestsPerChange: number): FleetStream => ({
    pagesPerDealer,
    dealerS: DEALER_S,
    pageS: PAGE_S,
    crawlerShare: CRAWLER_SHARE,
    carPagesOf: (d) => carSets[d]!,
    requestsPerChange,
  });
  // a copy's fresh time and TTL in requests of the stream, at so many views a second
  const ages = (viewsPerSecond: number) => ({
    freshFor: freshSeconds * viewsPerSecond,
    expiresAfter: stats.ttlSeconds * viewsPerSecond,
    rewarm: REWARM,
  });
  const checks = rows.map((r) => {
    const changes = r.phase.changes.price + r.phase.changes.stock + r.phase.changes.photo;
    const warm = r.warmup.shopper.requests + r.warmup.crawler.requests;
    const measured = r.phase.shopper.requests + r.phase.crawler.requests;
    const sim = simulateHitRatio(stream(changes ? measured / changes : 0), {
      processes: r.processes,
      capacity,
      ...ages(r.phase.viewsPerSecond),
      ...(r.sharedCache ? { shared: { capacity: sharedCapacity(tier.maxBytes) } } : {}),
      warmup: warm,
      requests: measured,
      seed: 3,
    });
    const plan = estimateFleet({ ...TARGET, viewsPerSecond: r.phase.viewsPerSecond, ...planOf(sim), cost });
    return {
      processes: r.processes,
      sharedCache: r.sharedCache,
      measured: r.phase.shopper.hitRatio,
      modelled: sim.shopperHitRatio,
      measuredCpuMsPerView: round(r.cpuMsPerView.apps + r.cpuMsPerView.pg + r.cpuMsPerView.caddy, 2),
      modelledCpuMsPerView: round(plan.cpuMsPerView, 2),
    };
  });
  const fleetViewsPerDay = TARGET.viewsPerSecond * 86_400;
  const requestsPerChange = fleetViewsPerDay / (t.dealers.length * CHANGES_PER_DEALER_PER_DAY);
  const long = { ...MODEL_RUN, seed: 5, ...ages(TARGET.viewsPerSecond), processes: TARGET.processes, capacity };
  const row = (shared?: { capacity: number }) => {
    const r = simulateHitRatio(stream(requestsPerChange), { ...long, ...(shared ? { shared } : {}) });
    return { ...r, sharedCapacity: shared?.capacity ?? 0, plan: estimateFleet({ ...TARGET, ...planOf(r), cost }) };
  };
  return {
    capacity,
    perEntryKb: round(perEntry / 1024, 1),
    freshSeconds,
    ttlSeconds: stats.ttlSeconds,
    shared: { ...tier, bytesPerCopyKb: round(tier.bytesPerCopy / 1024, 1), maxMb: round(tier.maxBytes / 1024 / 1024, 0) },
    lookup,
    cost,
    requestsPerChange: round(requestsPerChange, 0),
    warmupMinutes: round(MODEL_RUN.warmup / TARGET.viewsPerSecond / 60, 0),
    checks,
    perProcess: row(),
    sharedDefault: row({ capacity: sharedCapacity(tier.maxBytes) }),
    // the 32 processes' cache memory together, as shared copies
    sharedPooled: row({ capacity: sharedCapacity(TARGET.processes * stats.maxBytes) }),
    // a shared tier big enough for every address: what purges, first visits and the TTL alone leave
    everything: row({ capacity: pagesPerDealer.reduce((a, b) => a + b, 0) }),
  };
}

/** Where the lookup's CPU came from, said beside it. */
function lookupBasis(l: LookupCpu): string {
  const perRow = l.rows
    .map(
      (r) =>
        `${r.processes} shared: +${round(r.pgAddedMsPerView, 2)} ms a view ÷ ${round(r.lookupsPerView, 3)} lookups a view = ${round(r.cpuMs, 2)} ms`,
    )
    .join("; ");
  if (l.basis === "adr")
    return `ADR 0019's loopback lookup time, taken as its CPU (errs high): no --shared-cache row beside a plain one measured it`;
  const how = `the shared rows' PostgreSQL CPU a view minus the plain rows' with as many processes, ÷ their lookups a view, pooled over the rows (${perRow}); the tier's stores and purges are charged to its lookups, and the renders it saved make it err low`;
  return l.basis === "clamped"
    ? `clamped at 0: measured ${round(l.measuredMs!, 3)} ms, below 0 because the rows' noise outweighed the tier: ${how}`
    : `measured: ${how}`;
}

function report(x: {
  o: BenchOptions;
  load: FleetLoad;
  pagesMs: number;
  rows: Row[];
  cost: Awaited<ReturnType<typeof calibrate>>;
  traffic: Traffic;
  totalSeconds: number;
}) {
  const { rows, cost, traffic } = x;
  const m = model(traffic, rows, cost);
  const pc = (v: number) => `${round(v * 100, 1)}%`;
  const pages = traffic.dealers.reduce((n, d) => n + d.pages.length, 0);
  const line = (r: Row) =>
    `  ${`${r.processes}${r.sharedCache ? " shared" : ""}`.padEnd(9)} ${pc(r.phase.shopper.hitRatio).padStart(7)} ${pc(r.phase.crawler.hitRatio).padStart(7)}  ${String(r.phase.viewsPerSecond).padStart(6)}  ${`${r.phase.shopper.p50}/${r.phase.shopper.p95}/${r.phase.shopper.p99}`.padStart(18)}  ${`${r.cpuMsPerView.apps}/${r.cpuMsPerView.pg}/${r.cpuMsPerView.caddy}`.padStart(16)}  ${String(r.purgesPerSecondPerProcess).padStart(6)}  ${r.memory.map((mm, i) => `${r.atRest[i]!.rssMb}→${mm.rssMb}/${mm.hwmMb}`).join(" ")}`;
  const planLine = (label: string, r: ReturnType<typeof model>["perProcess"]) =>
    `  ${label.padEnd(44)} hit ${pc(r.shopperHitRatio).padStart(6)} (stale ${pc(r.shopperStaleRatio)})   ${round(r.rendersPerView, 3)} renders, ${round(r.lookupsPerView, 3)} lookups a view   ${round(r.plan.cpuMsPerView, 2)} ms CPU a view   ${round(r.plan.cores, 1)} cores (app ${round(r.plan.appCores, 1)}, PostgreSQL ${round(r.plan.pgCores, 1)}, Caddy ${round(r.plan.caddyCores, 1)})   US$${round(r.plan.costPerMillionViews, 3)} per million views`;
  const failures = rows.flatMap((r) => [...r.warmup.errors, ...r.phase.errors]);
  console.log(`
Fleet (MEASURED, this machine: ${cpus().length} cores shared by the load generator, Caddy, the apps and PostgreSQL)
  database: ${x.load.sites.toLocaleString("en-AU")} sites, ${x.load.vehicles.toLocaleString("en-AU")} cars (${x.load.reused ? "kept from an earlier load" : `loaded in ${round(x.load.loadMs / 1000, 0)} s`})${x.pagesMs ? `; sitemaps read in ${round(x.pagesMs / 1000, 0)} s` : ""}
  traffic: ${traffic.dealers.length.toLocaleString("en-AU")} dealers, ${pages.toLocaleString("en-AU")} addresses; ${CLIENTS} clients, Zipf s=${DEALER_S} over dealers and s=${PAGE_S} over a dealer's pages, crawler ${pc(CRAWLER_SHARE)} uniform;
           changes ${CHANGES_PER_SECOND}/s (${CHANGES_PER_DEALER_PER_DAY}/dealer/day, one day in ${round((traffic.dealers.length * CHANGES_PER_DEALER_PER_DAY) / CHANGES_PER_SECOND / 60, 0)} min); ${x.o.seconds * 2} s warm-up, ${x.o.seconds * 6} s measured per row
  procs    shopper crawler  views/s  p50/p95/p99 ms (shop)  CPU ms/view app/pg/caddy  purges/s/proc  RSS at rest→after/HWM MB per process
${rows.map(line).join("\n")}
  CPU a view measured apart (1 process): hit app ${cost.appHitMs} + PostgreSQL ${cost.pgHitMs} ms (${pc(cost.hits)} HIT), miss app ${cost.appMissMs} + PostgreSQL ${cost.pgMissMs} ms (${pc(cost.misses)} MISS; pages drawn as the mix draws them: ${Object.entries(
    cost.missKinds,
  )
    .map(([k, n]) => `${n} ${k}`)
    .join(", ")}), Caddy ${cost.caddyMs} ms

Fleet model (MODELLED, scripts/lib/bench/fleet-model.ts): a cache of ${m.capacity} pages per process (the entry or byte limit at ${m.perEntryKb} KB a page); fresh ${m.freshSeconds} s (then served STALE and drawn again), TTL ${m.ttlSeconds} s; each purge re-warms up to ${REWARM} pages in every process
  a stale hit is a hit for the shopper, but costs a render (a miss's app + PostgreSQL CPU) in the background; so does each re-warm
  shared tier: ${m.shared.bytesPerCopyKb} KB a copy (${m.shared.bytesMeasured ? "measured" : `${SHARED_COPY_SHARE} × an in-process entry: no --shared-cache row stored any`}), ${m.shared.maxMb} MB limit (HTTP_CACHE_SHARED_MAX_MB); a lookup (on a miss in a process's own cache, a stale copy of its own, a re-warm) costs ${m.cost.lookupCpuMs} ms of PostgreSQL CPU (${lookupBasis(m.lookup)});
  its wall-clock time, ${round(m.shared.lookupLatencyMs, 2)} ms (${m.shared.lookupMeasured ? "the --shared-cache rows' mean pageCache.shared.lookupMsMean" : "ADR 0019's loopback figure: no --shared-cache row"}), is latency (in the shared rows' p95), not CPU
  the model at the bench's own conditions (hit ratio, then CPU ms a view app + PostgreSQL + Caddy; the measured CPU includes the change stream's own edits):
${m.checks.map((k) => `    ${`${k.processes}${k.sharedCache ? " shared" : ""}`.padEnd(9)} hit measured ${pc(k.measured)}, modelled ${pc(k.modelled)};   CPU measured ${k.measuredCpuMsPerView} ms, modelled ${k.modelledCpuMsPerView} ms`).join("\n")}
  ${TARGET.processes} processes, ${TARGET.viewsPerSecond} views/s, a change every ${m.requestsPerChange} views (${CHANGES_PER_DEALER_PER_DAY}/dealer/day), at ${pc(TARGET.utilisation)} busy, US$${TARGET.pricePerCoreHour}/core-hour
  (CPU, cores and cost count each lookup at its ${m.cost.lookupCpuMs} ms of PostgreSQL CPU, not its ${round(m.shared.lookupLatencyMs, 2)} ms wall-clock time):
${planLine(`${TARGET.processes} per-process caches (as shipped, no shared tier)`, m.perProcess)}
${planLine(`+ shared tier at its default ${m.shared.maxMb} MB (${m.sharedDefault.sharedCapacity} pages)`, m.sharedDefault)}
${planLine(`+ shared tier of the ${TARGET.processes} caches' memory (${m.sharedPooled.sharedCapacity} pages)`, m.sharedPooled)}
${planLine("+ shared tier holding every page", m.everything)}
  (hit ratios are shoppers'; crawler: ${pc(m.perProcess.crawlerHitRatio)} per process, ${pc(m.sharedDefault.crawlerHitRatio)} / ${pc(m.sharedPooled.crawlerHitRatio)} / ${pc(m.everything.crawlerHitRatio)} shared; cores and cost on all views, crawler included)
  warm-up ${m.warmupMinutes} min of fleet traffic, under one TTL (${round(m.ttlSeconds / 60, 0)} min): the big shared tiers are not yet full, so their rows err low
  per-process hit ratio ${m.perProcess.shopperHitRatio >= 0.9 ? "≥" : "<"} 90% → ${m.perProcess.shopperHitRatio >= 0.9 ? "the per-process cache holds at fleet size" : "a tier every process shares"}
  ${failures.length ? `FAILED: ${failures.join("; ")}` : "no 5xx, every change answered 200"}   (${round(x.totalSeconds / 60, 1)} min in all; figures in ${OUT})`);
  writeFileSync(
    OUT,
    JSON.stringify(
      {
        measuredAt: new Date().toISOString(),
        cores: cpus().length,
        seconds: x.o.seconds,
        load: x.load,
        sitemapsMs: x.pagesMs,
        measured: rows,
        cost,
        modelled: m,
        target: TARGET,
      },
      null,
      2,
    ),
  );
  if (failures.length) process.exitCode = 1;
}
