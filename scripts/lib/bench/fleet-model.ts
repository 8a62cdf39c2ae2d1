/*
 * The fleet model behind `npm run bench -- --only fleet` (docs/operations/scale.md): the shopper
 * mix as a stream of page requests, the page cache's hit ratio on it when the stream is split
 * between processes (each with its own cache) or kept in one tier every process shares, and the
 * cores and cost a fleet needs from the CPU a cache hit and a miss measured. Pure: no I/O, no
 * clock, a seeded random source, so fleet-model.test.ts pins its answers.
 */

/** A seeded random source in [0, 1) (mulberry32): the same seed draws the same stream. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The running totals of Zipf weights 1/rank^s over ranks 1..n (the last is the sum). */
export function zipfCumulative(n: number, s: number): Float64Array {
  const c = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) c[i] = sum += 1 / (i + 1) ** s;
  return c;
}

/** A rank (0-based) drawn from the running totals with `u` in [0, 1): the popular ranks far more often. */
export function drawRank(cumulative: Float64Array, u: number): number {
  const target = u * cumulative[cumulative.length - 1]!;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! > target) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** What a request finds in a cache: a copy within its fresh time, one past it (served STALE), or none. */
export type Found = "fresh" | "stale" | "miss";

/**
 * The page cache's keeping rule (src/server/edge/page-cache/index.ts): a page served again is kept ahead of
 * pages served once; the least recently used page served once goes first, unless pages served again
 * fill more than 80% of the cache. Counted in entries (the capacity is entries or bytes ÷ a page's size).
 * `keep: "newest"` is the shared tier's rule instead (shared-page-cache.ts trim): the copies stored
 * longest ago go first, whatever was served.
 */
/** A page's key: the page cache's string, or the model's page number (numbers keep its maps fast). */
export type PageKey = string | number;

export class SegmentedCache {
  /** each page's time of storing, in requests of the stream, in keeping order (the first goes first) */
  private once = new Map<PageKey, number>();
  private again = new Map<PageKey, number>();
  /**
   * `expiresAfter`: a copy older than this many requests is gone (the TTL: drawn for the shopper);
   * `freshFor`: a copy older than this is still served, STALE, while it is drawn again in the background.
   */
  constructor(
    readonly capacity: number,
    readonly expiresAfter = Infinity,
    readonly freshFor = expiresAfter,
    readonly keep: "served-again" | "newest" = "served-again",
  ) {}

  /** What a request at `now` finds; a copy found is marked served (kept ahead), an expired one goes. Stores nothing. */
  serve(key: PageKey, now: number): Found {
    const stored = this.again.get(key) ?? this.once.get(key);
    if (stored === undefined) return "miss";
    const age = now - stored;
    if (age > this.expiresAfter) {
      this.delete(key);
      return "miss";
    }
    if (this.keep === "served-again") {
      this.delete(key);
      this.again.set(key, stored);
    }
    return age > this.freshFor ? "stale" : "fresh";
  }

  /** When the copy under `key` was stored (undefined: none). */
  storedAt(key: PageKey): number | undefined {
    return this.again.get(key) ?? this.once.get(key);
  }

  /** Stores a copy drawn at `storedAt` (a page served again stays among those); the keeping rule makes room. */
  store(key: PageKey, storedAt: number): void {
    const wasAgain = this.again.has(key);
    this.delete(key);
    (wasAgain ? this.again : this.once).set(key, storedAt);
    while (this.once.size + this.again.size > this.capacity) {
      const fromAgain = this.again.size > this.capacity * 0.8 || this.once.size === 0;
      const map = fromAgain ? this.again : this.once;
      map.delete(this.oldest(map)!);
    }
  }

  /**
   * The first key of a map, in keeping order. A live iterator kept per map: `map.keys().next()`
   * afresh would step over every key deleted before it (a Map keeps their slots until it rehashes),
   * which a cache that evicts from the front on every store makes slow.
   */
  private cursors = new Map<Map<PageKey, number>, Iterator<PageKey>>();
  private oldest(map: Map<PageKey, number>): PageKey | undefined {
    let next = this.cursors.get(map)?.next();
    if (!next || next.done) {
      const it = map.keys();
      this.cursors.set(map, it);
      next = it.next();
    }
    return next.done ? undefined : next.value;
  }

  /**
   * A request as one cache alone answers it: a miss is drawn and stored; a stale copy is served and
   * drawn again in the background, so its life starts over. Returns what the request found.
   */
  get(key: PageKey, now = 0): Found {
    const found = this.serve(key, now);
    if (found !== "fresh") this.store(key, now);
    return found;
  }

  /** Purges these pages; returns those that had been served again, in the order given. */
  purge(keys: readonly PageKey[]): PageKey[] {
    const served: PageKey[] = [];
    for (const k of keys) {
      if (this.again.has(k)) served.push(k);
      this.delete(k);
    }
    return served;
  }

  delete(key: PageKey): void {
    this.once.delete(key);
    this.again.delete(key);
  }
}
export type FleetStream = {
  /** each dealer's page count, the most visited dealer first; within a dealer page 0 is its home */
  pagesPerDealer: readonly number[];
  /** Zipf exponents over dealers and over each dealer's pages (≈1.0 each) */
  dealerS: number;
  pageS: number;
  /** the share of requests that are a crawler's: uniform over dealers, then over the dealer's pages */
  crawlerShare: number;
  /** which of a dealer's pages are car pages; the others (home, search, landing, locations, content) a change purges all */
  carPagesOf: (dealer: number) => readonly number[];
  /** one change (a price, a car sold or back, a photo) for every this many requests, at a dealer drawn uniformly */
  requestsPerChange: number;
};

export type CacheRun = {
  /** app processes, each with its own cache (requests go to one at random, as least-connections spreads them) */
  processes: number;
  /** entries each process's cache holds */
  capacity: number;
  /** a copy's longest life in requests of the whole stream (TTL × the fleet's views per second); Infinity: none */
  expiresAfter?: number;
  /** a copy's fresh time in requests (HTTP_CACHE_FRESH_SECONDS × views per second): older, it is served STALE and drawn again */
  freshFor?: number;
  /** how many of the pages served again a purge took each process draws again at once (page-cache.ts: 8; 0: none) */
  rewarm?: number;
  /** the tier every process shares behind its own cache (shared-page-cache.ts), in entries */
  shared?: { capacity: number };
  /** requests before counting (the caches fill) */
  warmup: number;
  requests: number;
  seed: number;
};

/** Counted requests by what they found. */
export type Served = {
  /** served from a process's own cache: fresh, or stale (the copy served, the page drawn again in the background) */
  fresh: number;
  stale: number;
  /** served from the shared tier after a miss in the process's own cache */
  sharedFresh: number;
  sharedStale: number;
  /**
   * served stale from a process's own cache, and refreshed from a fresh copy in the shared tier that
   * another process drew (page-cache.ts looks there before drawing): a hit, and no render
   */
  staleTaken: number;
  /** drawn for the request */
  miss: number;
};

export type CacheResult = {
  /** the share served from a copy (fresh or stale, either tier): what the shopper sees as a hit */
  shopperHitRatio: number;
  crawlerHitRatio: number;
  /** the share of shoppers served a stale copy (a hit for the shopper, but a render in the background) */
  shopperStaleRatio: number;
  shopperRequests: number;
  crawlerRequests: number;
  purged: number;
  shopper: Served;
  crawler: Served;
  /** pages a purge's re-warm drew again (in every process that heard of the purge, up to `rewarm` each) */
  rewarms: number;
  /** shared-tier lookups: one for each miss in a process's own cache, each stale copy of its own, and each re-warm */
  lookups: number;
  /** over every counted view: the share served from a copy, renders (misses, stale copies drawn again, re-warms) and lookups per view */
  hitRatio: number;
  rendersPerView: number;
  lookupsPerView: number;
};

const none = (): Served => ({ fresh: 0, stale: 0, sharedFresh: 0, sharedStale: 0, staleTaken: 0, miss: 0 });

/**
 * The page cache on the fleet's stream. A change at a dealer purges every page of its but the car
 * pages, and one of its car pages (more than a price change's tags reach: location and content
 * pages do not list stock, so the model errs low), in every cache, and each process draws again up
 * to `rewarm` of the purged pages it had served again (the dealer's most popular first, standing in
 * for page-cache.ts's most-served). A copy older than `freshFor` is served stale and drawn again in
 * the background (a render); one older than `expiresAfter` is gone. With a shared tier, a miss in a
 * process's own cache looks there (a lookup); a copy found is stored in the process's cache with its
 * age; every render is stored in both.
 */
export function simulateHitRatio(stream: FleetStream, run: CacheRun): CacheResult {
  const dealers = stream.pagesPerDealer.length;
  if (!dealers || run.processes < 1 || run.capacity < 1 || (run.shared && run.shared.capacity < 1))
    throw new Error("a stream needs dealers, a process and a cache");
  const random = seededRandom(run.seed);
  const dealerCum = zipfCumulative(dealers, stream.dealerS);
  const pageCums = new Map<number, Float64Array>();
  const pageCum = (n: number) => {
    let c = pageCums.get(n);
    if (!c) pageCums.set(n, (c = zipfCumulative(n, stream.pageS)));
    return c;
  };
  const expiresAfter = run.expiresAfter ?? Infinity;
  const freshFor = Math.min(run.freshFor ?? expiresAfter, expiresAfter);
  const rewarm = run.rewarm ?? 0;
  const caches = Array.from({ length: run.processes }, () => new SegmentedCache(run.capacity, expiresAfter, freshFor));
  const shared = run.shared ? new SegmentedCache(run.shared.capacity, expiresAfter, freshFor, "newest") : null;
  const count = { shopper: none(), crawler: none(), purged: 0, rewarms: 0, lookups: 0 };
  // a page's key: its number over the whole fleet (dealer d's pages start at first[d])
  const first = new Float64Array(dealers);
  for (let d = 1; d < dealers; d++) first[d] = first[d - 1]! + stream.pagesPerDealer[d - 1]!;
  for (let i = 0; i < run.warmup + run.requests; i++) {
    const counting = i >= run.warmup;
    if (stream.requestsPerChange > 0 && random() * stream.requestsPerChange < 1) {
      const d = Math.floor(random() * dealers);
      const pages = stream.pagesPerDealer[d]!;
      const cars = stream.carPagesOf(d);
      const isCar = new Set(cars);
      const car = cars.length ? cars[Math.floor(random() * cars.length)] : undefined;
      const keys: number[] = [];
      for (let p = 0; p < pages; p++) if (!isCar.has(p)) keys.push(first[d]! + p);
      if (car !== undefined) keys.push(first[d]! + car);
      shared?.purge(keys); // the shared tier's copies go before the processes hear of the change
      for (const cache of caches)
        for (const k of cache.purge(keys).slice(0, rewarm)) {
          // a page another process re-warmed first is taken from the shared tier, not drawn again
          if (shared && shared.serve(k, i) === "fresh") {
            cache.store(k, shared.storedAt(k)!);
            if (counting) count.lookups++;
            continue;
          }
          cache.store(k, i);
          shared?.store(k, i);
          if (counting) count.rewarms++;
        }
      count.purged++;
    }
    const crawler = random() < stream.crawlerShare;
    const dealer = crawler ? Math.floor(random() * dealers) : drawRank(dealerCum, random());
    const pages = stream.pagesPerDealer[dealer]!;
    const page = crawler ? Math.floor(random() * pages) : drawRank(pageCum(pages), random());
    const key = first[dealer]! + page;
    const cache = caches[Math.floor(random() * run.processes)]!;
    let found = cache.serve(key, i);
    let fromShared = false;
    if (found === "miss" && shared) {
      if (counting) count.lookups++;
      if (shared.serve(key, i) !== "miss") {
        cache.store(key, shared.storedAt(key)!);
        found = cache.serve(key, i);
        fromShared = true;
      }
    }
    let taken = false;
    if (found === "stale" && !fromShared && shared) {
      // a stale copy of its own: the process first looks for a fresher one another process drew
      if (counting) count.lookups++;
      if (shared.serve(key, i) === "fresh") {
        cache.store(key, shared.storedAt(key)!);
        taken = true;
      }
    }
    if (found !== "fresh" && !taken) {
      // drawn: for the request (a miss) or in the background (stale); stored in both tiers
      cache.store(key, i);
      shared?.store(key, i);
    }
    if (!counting) continue;
    const c = crawler ? count.crawler : count.shopper;
    if (found === "miss") c.miss++;
    else if (taken) c.staleTaken++;
    else if (fromShared) c[found === "fresh" ? "sharedFresh" : "sharedStale"]++;
    else c[found]++;
  }
  const total = (s: Served) => s.fresh + s.stale + s.sharedFresh + s.sharedStale + s.miss;
  const hits = (s: Served) => total(s) - s.miss;
  /** stale copies that cost a render (one taken from the shared tier costs a lookup only) */
  const stale = (s: Served) => s.stale + s.sharedStale;
  const views = total(count.shopper) + total(count.crawler);
  const ratio = (a: number, b: number) => (b ? a / b : 0);
  return {
    shopperHitRatio: ratio(hits(count.shopper), total(count.shopper)),
    crawlerHitRatio: ratio(hits(count.crawler), total(count.crawler)),
    shopperStaleRatio: ratio(stale(count.shopper) + count.shopper.staleTaken, total(count.shopper)),
    shopperRequests: total(count.shopper),
    crawlerRequests: total(count.crawler),
    purged: count.purged,
    shopper: count.shopper,
    crawler: count.crawler,
    rewarms: count.rewarms,
    lookups: count.lookups,
    hitRatio: ratio(hits(count.shopper) + hits(count.crawler), views),
    rendersPerView: ratio(count.shopper.miss + count.crawler.miss + stale(count.shopper) + stale(count.crawler) + count.rewarms, views),
    lookupsPerView: ratio(count.lookups, views),
  };
}

/**
 * CPU milliseconds one page view costs, a cache hit and a miss apart (app processes and PostgreSQL;
 * Caddy per view). A render that serves no one (a stale copy drawn again, a re-warm) costs about a
 * miss's app and PostgreSQL CPU. `lookupCpuMs`: one shared-tier lookup's PostgreSQL CPU (the fleet
 * bench's `lookupCpuOf`: what the shared tier added to PostgreSQL's CPU, per lookup), not its
 * wall-clock time, which is mostly waiting and shows in latency instead.
 */
export type ViewCost = {
  appHitMs: number;
  appMissMs: number;
  pgHitMs: number;
  pgMissMs: number;
  caddyMs: number;
  lookupCpuMs?: number;
};

export type FleetPlan = {
  viewsPerSecond: number;
  processes: number;
  /** the share of page views served from a copy, fresh or stale (shoppers and crawler together) */
  hitRatio: number;
  /** renders per view: the misses, plus stale copies drawn again and re-warms (default: the misses alone) */
  rendersPerView?: number;
  /** shared-tier lookups per view (default none) */
  lookupsPerView?: number;
  cost: ViewCost;
  /** the busiest a core is run at (head-room for peaks), e.g. 0.6 */
  utilisation: number;
  /** US$ per core-hour */
  pricePerCoreHour: number;
};

export type FleetEstimate = {
  cpuMsPerView: number;
  appCores: number;
  pgCores: number;
  caddyCores: number;
  cores: number;
  /** US$ per million page views */
  costPerMillionViews: number;
  viewsPerSecondPerProcess: number;
};

/**
 * Cores a fleet needs for its page views and what a million of them cost: each view served from a
 * copy costs a hit, each render a miss (whether it served the view or ran in the background), each
 * shared-tier lookup its PostgreSQL CPU.
 */
export function estimateFleet(p: FleetPlan): FleetEstimate {
  if (!(p.hitRatio >= 0 && p.hitRatio <= 1)) throw new Error("a hit ratio is between 0 and 1");
  if (!(p.utilisation > 0 && p.utilisation <= 1)) throw new Error("utilisation is above 0 and at most 1");
  const renders = p.rendersPerView ?? 1 - p.hitRatio;
  const lookups = p.lookupsPerView ?? 0;
  if (!(renders >= 1 - p.hitRatio - 1e-9) || !(lookups >= 0)) throw new Error("every view not served from a copy is a render");
  const cores = (ms: number) => (p.viewsPerSecond * ms) / 1000 / p.utilisation;
  const appMs = p.hitRatio * p.cost.appHitMs + renders * p.cost.appMissMs;
  const pgMs = p.hitRatio * p.cost.pgHitMs + renders * p.cost.pgMissMs + lookups * (p.cost.lookupCpuMs ?? 0);
  const all = cores(appMs) + cores(pgMs) + cores(p.cost.caddyMs);
  return {
    cpuMsPerView: appMs + pgMs + p.cost.caddyMs,
    appCores: cores(appMs),
    pgCores: cores(pgMs),
    caddyCores: cores(p.cost.caddyMs),
    cores: all,
    costPerMillionViews: p.viewsPerSecond > 0 ? ((all * p.pricePerCoreHour) / (p.viewsPerSecond * 3600)) * 1_000_000 : 0,
    viewsPerSecondPerProcess: p.viewsPerSecond / p.processes,
  };
}
