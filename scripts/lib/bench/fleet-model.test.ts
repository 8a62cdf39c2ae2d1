import { describe, expect, test } from "vitest";
import { drawRank, estimateFleet, SegmentedCache, seededRandom, simulateHitRatio, zipfCumulative, type FleetStream } from "./fleet-model";

describe("zipfCumulative and drawRank", () => {
  test.each([
    [3, 1, [1, 1.5, 1.8333]],
    [3, 0, [1, 2, 3]],
    [2, 2, [1, 1.25]],
  ])("ranks %i, s %d: running totals %j", (n, s, totals) => {
    expect([...zipfCumulative(n, s)].map((x) => Math.round(x * 1e4) / 1e4)).toEqual(totals);
  });

  test.each([
    [0, 0],
    [0.5, 0], // rank 1 holds 1/1.8333 = 54.5% of the draws
    [0.56, 1],
    [0.8, 1],
    [0.82, 2],
    [0.9999, 2],
  ])("u %d draws rank %i of 3 (s = 1)", (u, rank) => expect(drawRank(zipfCumulative(3, 1), u)).toBe(rank));

  test("the first of 5,000 dealers draws about 1/H(5000) ≈ 10.9% of shoppers", () => {
    const c = zipfCumulative(5000, 1);
    const r = seededRandom(1);
    let first = 0;
    for (let i = 0; i < 100_000; i++) if (drawRank(c, r()) === 0) first++;
    expect(first / 100_000).toBeGreaterThan(0.1);
    expect(first / 100_000).toBeLessThan(0.118);
  });
});

describe("SegmentedCache", () => {
  test.each([
    // a page served again outlives newer pages served once
    [2, ["a", "a", "b", "c", "a"], "miss fresh miss miss fresh"],
    // plain recency among pages served once
    [2, ["a", "b", "c", "a"], "miss miss miss miss"],
    // pages served again beyond 80% of the cache: the oldest of them goes
    [2, ["a", "a", "b", "b", "c", "a"], "miss fresh miss fresh miss miss"],
  ])("capacity %i, requests %j", (capacity, keys, found) => {
    const cache = new SegmentedCache(capacity);
    expect(keys.map((k) => cache.get(k)).join(" ")).toBe(found);
  });

  test.each([
    // fresh for 30 requests, kept for 100: past 30 it is served stale and drawn again (its life starts over)
    [[0, 20, 50, 60, 200], "miss fresh stale fresh miss"],
    // asked for within its fresh time only: never stale
    [[0, 25, 30], "miss fresh fresh"],
    // past the TTL it is gone, however often it was served
    [[0, 10, 111], "miss fresh miss"],
  ])("fresh 30, TTL 100: requests at %j find %s", (times, found) => {
    const cache = new SegmentedCache(10, 100, 30);
    expect(times.map((t) => cache.get("a", t)).join(" ")).toBe(found);
  });

  test("the shared tier's rule: the copy stored longest ago goes first, served or not", () => {
    const cache = new SegmentedCache(2, Infinity, Infinity, "newest");
    cache.store("a", 0);
    cache.store("b", 1);
    expect(cache.serve("a", 2)).toBe("fresh");
    cache.store("c", 3);
    expect(["a", "b", "c"].map((k) => cache.serve(k, 4)).join(" ")).toBe("miss fresh fresh");
  });

  test("a purge returns the pages it took that had been served again (what a process re-warms), in the order asked", () => {
    const cache = new SegmentedCache(10);
    for (const k of ["a", "a", "b", "c", "c", "d"]) cache.get(k);
    expect(cache.purge(["c", "b", "a", "x"])).toEqual(["c", "a"]);
    expect(cache.serve("a", 0)).toBe("miss");
    expect(cache.serve("d", 0)).toBe("fresh");
  });

  test("a deleted page is a miss next time", () => {
    const cache = new SegmentedCache(4);
    cache.get("a");
    cache.delete("a");
    expect(cache.get("a")).toBe("miss");
  });
});

const CARS = Array.from({ length: 40 }, (_, i) => 10 + i);
const stream = (o: Partial<FleetStream> = {}): FleetStream => ({
  pagesPerDealer: Array.from({ length: 200 }, () => 50),
  dealerS: 1,
  pageS: 1,
  crawlerShare: 0,
  carPagesOf: () => CARS,
  requestsPerChange: 0,
  ...o,
});
const run = { processes: 1, capacity: 1000, warmup: 20_000, requests: 40_000, seed: 7 };

describe("simulateHitRatio", () => {
  test("a cache that holds every page misses only pages never asked for before (the far tail)", () => {
    const all = simulateHitRatio(stream(), { ...run, capacity: 10_000, warmup: 200_000 });
    expect(all.shopperHitRatio).toBeGreaterThan(0.99);
    expect(all).toEqual(simulateHitRatio(stream(), { ...run, capacity: 1_000_000, warmup: 200_000 }));
  });

  test("1,000 entries of 10,000 pages hold the Zipf head: about 69% of shoppers hit", () => {
    const r = simulateHitRatio(stream(), run).shopperHitRatio;
    expect(r).toBeGreaterThan(0.65);
    expect(r).toBeLessThan(0.73);
  });

  test("without changes a random split over processes costs only the warm-up: each cache sees the same mix", () => {
    const long = { ...run, warmup: 200_000, requests: 100_000 };
    const one = simulateHitRatio(stream(), long).shopperHitRatio;
    expect(simulateHitRatio(stream(), { ...long, processes: 4 }).shopperHitRatio).toBeCloseTo(one, 1);
    expect(simulateHitRatio(stream(), { ...run, processes: 32 }).shopperHitRatio).toBeLessThan(one - 0.1); // still filling
  });

  test("with changes a split hurts: every purge reaches every cache, each refilled by 1/N of the requests", () => {
    const changing = stream({ requestsPerChange: 100 });
    const long = { ...run, warmup: 100_000, requests: 100_000 };
    const one = simulateHitRatio(changing, long).shopperHitRatio;
    expect(simulateHitRatio(changing, { ...long, processes: 32 }).shopperHitRatio).toBeLessThan(one - 0.1);
  });

  test("a copy older than the TTL is drawn again; without a fresh time it is never stale", () => {
    const cache = new SegmentedCache(10, 100);
    expect([cache.get("a", 0), cache.get("a", 90), cache.get("a", 180), cache.get("a", 400)].join(" ")).toBe("miss fresh miss miss");
  });

  test("a hit on a copy past its fresh time is stale: still a hit for the shopper, but a render in the background", () => {
    const fresh = simulateHitRatio(stream(), { ...run, capacity: 10_000 });
    const stale = simulateHitRatio(stream(), { ...run, capacity: 10_000, freshFor: 2_000 });
    expect(stale.shopperHitRatio).toBeCloseTo(fresh.shopperHitRatio, 2);
    expect(fresh.shopperStaleRatio).toBe(0);
    expect(stale.shopperStaleRatio).toBeGreaterThan(0.2);
    const views = stale.shopperRequests + stale.crawlerRequests;
    const misses = stale.shopper.miss + stale.crawler.miss;
    const stales = stale.shopper.stale + stale.crawler.stale;
    expect(stale.rendersPerView * views).toBeCloseTo(misses + stales, 6);
    expect(stale.rendersPerView).toBeGreaterThan(1 - stale.hitRatio + 0.2);
    expect(fresh.rendersPerView).toBeCloseTo(1 - fresh.hitRatio, 9);
  });

  test("each process that hears of a purge re-warms up to 8 of the pages it took that it had served again: renders too", () => {
    const changing = stream({ requestsPerChange: 200 });
    const none = simulateHitRatio(changing, { ...run, processes: 4 });
    const one = simulateHitRatio(changing, { ...run, rewarm: 8 });
    const four = simulateHitRatio(changing, { ...run, processes: 4, rewarm: 8 });
    expect(none.rewarms).toBe(0);
    expect(one.rewarms).toBeGreaterThan(0);
    expect(four.rewarms).toBeGreaterThan(2 * one.rewarms); // every process re-warms its own
    expect(four.rewarms).toBeLessThanOrEqual(8 * 4 * four.purged);
    const views = four.shopperRequests + four.crawlerRequests;
    expect(four.rendersPerView * views).toBeCloseTo(four.shopper.miss + four.crawler.miss + four.rewarms, 6);
    expect(four.shopperHitRatio).toBeGreaterThan(none.shopperHitRatio); // the re-warmed pages are there for the next shopper
  });

  test("with a shared tier a stale copy or a re-warm takes a fresh copy another process drew, instead of drawing it again", () => {
    const changing = stream({ requestsPerChange: 200 });
    const shape = { ...run, processes: 8, capacity: 10_000, freshFor: 2_000, rewarm: 8 };
    const own = simulateHitRatio(changing, shape);
    const shared = simulateHitRatio(changing, { ...shape, shared: { capacity: 80_000 } });
    expect(own.shopper.staleTaken).toBe(0);
    expect(shared.shopper.staleTaken).toBeGreaterThan(shared.shopper.stale); // most stale copies are refreshed from the tier
    // renders: misses, stale copies drawn here, re-warms drawn here; a copy taken from the tier is a lookup only
    const views = shared.shopperRequests + shared.crawlerRequests;
    const drawn = (x: typeof shared.shopper) => x.miss + x.stale + x.sharedStale;
    expect(shared.rendersPerView * views).toBeCloseTo(drawn(shared.shopper) + drawn(shared.crawler) + shared.rewarms, 6);
    expect(shared.rewarms).toBeLessThan(own.rewarms); // the first process to re-warm a page draws it, the others take it
    expect(shared.rendersPerView).toBeLessThan(own.rendersPerView);
  });

  test("with a shared tier each miss in a process's own cache is one lookup there, and a copy found is a hit", () => {
    const r = simulateHitRatio(stream({ requestsPerChange: 200 }), { ...run, processes: 8, shared: { capacity: 8000 } });
    const own = simulateHitRatio(stream({ requestsPerChange: 200 }), { ...run, processes: 8 });
    const s = (x: typeof r.shopper) => x.miss + x.sharedFresh + x.sharedStale;
    expect(r.lookups).toBe(s(r.shopper) + s(r.crawler));
    expect(r.shopper.sharedFresh).toBeGreaterThan(0);
    expect(r.lookupsPerView).toBeCloseTo(r.lookups / (r.shopperRequests + r.crawlerRequests), 9);
    expect(r.shopperHitRatio).toBeGreaterThan(own.shopperHitRatio + 0.1);
    expect(own.lookups).toBe(0);
  });

  test("more processes, each with its own cache, hit less; one shared tier of their memory together hits most", () => {
    const one = simulateHitRatio(stream(), run).shopperHitRatio;
    const split = simulateHitRatio(stream(), { ...run, processes: 8 }).shopperHitRatio;
    const shared = simulateHitRatio(stream(), { ...run, processes: 8, shared: { capacity: 8 * run.capacity } }).shopperHitRatio;
    expect(split).toBeLessThan(one);
    expect(shared).toBeGreaterThan(one);
  });

  test("changes purge pages: the hit ratio drops, and every change is counted", () => {
    const calm = simulateHitRatio(stream(), run);
    const busy = simulateHitRatio(stream({ requestsPerChange: 10 }), run);
    expect(busy.shopperHitRatio).toBeLessThan(calm.shopperHitRatio - 0.05);
    expect(busy.purged).toBeGreaterThan(5000);
    expect(calm.purged).toBe(0);
  });

  test("a crawler's uniform tail hits far less than shoppers, and takes its share of requests", () => {
    const r = simulateHitRatio(stream({ crawlerShare: 0.15 }), run);
    expect(r.crawlerRequests / (r.crawlerRequests + r.shopperRequests)).toBeCloseTo(0.15, 1);
    expect(r.crawlerHitRatio).toBeLessThan(r.shopperHitRatio / 2);
  });

  test("the same seed draws the same answer", () => {
    expect(simulateHitRatio(stream({ crawlerShare: 0.1 }), run)).toEqual(simulateHitRatio(stream({ crawlerShare: 0.1 }), run));
  });

  test.each([[{ processes: 0 }], [{ capacity: 0 }], [{ shared: { capacity: 0 } }]])("%j is refused", (bad) =>
    expect(() => simulateHitRatio(stream(), { ...run, ...bad })).toThrow(),
  );
});

describe("estimateFleet", () => {
  const cost = { appHitMs: 1, appMissMs: 41, pgHitMs: 0, pgMissMs: 10, caddyMs: 0.5 };
  test.each([
    // 500 views/s, 90% hits: app 0.9×1 + 0.1×41 = 5 ms, PostgreSQL 1 ms, Caddy 0.5 ms → 6.5 ms a view
    [
      { hitRatio: 0.9, utilisation: 1 },
      { cpuMsPerView: 6.5, appCores: 2.5, pgCores: 0.5, caddyCores: 0.25, cores: 3.25 },
    ],
    // at 50% busy twice the cores
    [
      { hitRatio: 0.9, utilisation: 0.5 },
      { cpuMsPerView: 6.5, appCores: 5, pgCores: 1, caddyCores: 0.5, cores: 6.5 },
    ],
    // nothing cached: 41 + 10 + 0.5 ms
    [
      { hitRatio: 0, utilisation: 1 },
      { cpuMsPerView: 51.5, appCores: 20.5, pgCores: 5, caddyCores: 0.25, cores: 25.75 },
    ],
  ])("%j", (p, expected) => {
    const e = estimateFleet({ viewsPerSecond: 500, processes: 32, pricePerCoreHour: 0.04, cost, ...p });
    expect(e).toMatchObject(Object.fromEntries(Object.entries(expected).map(([k, v]) => [k, expect.closeTo(v, 6)])));
    // US$ per million views: cores × price per hour ÷ views per hour × 1,000,000
    expect(e.costPerMillionViews).toBeCloseTo(((expected.cores * 0.04) / (500 * 3600)) * 1e6, 9);
    expect(e.viewsPerSecondPerProcess).toBeCloseTo(15.625, 9);
  });

  test.each([
    // app 0.9×1 + 0.3×41 = 13.2 ms; PostgreSQL 0.3×10 + 0.1×0.58 = 3.058 ms; Caddy 0.5 ms
    [0.58, 16.758, 1.529],
    // a lookup's CPU measured at 0.8 ms: PostgreSQL 3 + 0.1×0.8 = 3.08 ms, not 3 + 0.1×12 for its 12 ms wall-clock time
    [0.8, 16.78, 1.54],
    // no lookup CPU given: the lookups cost nothing
    [undefined, 16.7, 1.5],
  ])(
    "stale copies drawn again and re-warms cost a miss's render each; a shared-tier lookup its PostgreSQL CPU (%s ms)",
    (lookupCpuMs, cpuMsPerView, pgCores) => {
      const e = estimateFleet({
        viewsPerSecond: 500,
        processes: 32,
        pricePerCoreHour: 0.04,
        utilisation: 1,
        cost: { ...cost, ...(lookupCpuMs === undefined ? {} : { lookupCpuMs }) },
        hitRatio: 0.9,
        rendersPerView: 0.3,
        lookupsPerView: 0.1,
      });
      expect(e.cpuMsPerView).toBeCloseTo(cpuMsPerView, 9);
      expect(e.appCores).toBeCloseTo(6.6, 9);
      expect(e.pgCores).toBeCloseTo(pgCores, 9);
    },
  );

  test.each([
    [{ hitRatio: 1.2 }],
    [{ rendersPerView: 0.05 }],
    [{ lookupsPerView: -1 }],
    [{ hitRatio: Number.NaN }],
    [{ utilisation: 0 }],
    [{ utilisation: 1.5 }],
  ])("%j is refused", (bad) =>
    expect(() =>
      estimateFleet({ viewsPerSecond: 500, processes: 32, pricePerCoreHour: 0.04, cost, hitRatio: 0.9, utilisation: 0.6, ...bad }),
    ).toThrow(),
  );
});
