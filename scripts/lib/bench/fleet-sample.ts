/*
 * Pure pieces of the fleet bench (fleet.ts) that fleet-sample.test.ts pins: what kind of page an
 * address is, the pages the miss stretch asks for, the shared tier as the `--shared-cache`
 * rows' /api/health saw it, and a shared-tier lookup's PostgreSQL CPU from the measured rows.
 */
import { drawRank, seededRandom, zipfCumulative } from "./fleet-model";

/** A dealer as the traffic sees it: its host, its sitemap's addresses in shoppers' order, which of them are car pages. */
export type Dealer = { siteId: number; host: string; pages: string[]; cars: number[] };

export const CAR_PAGE = /^\/(cars|motorcycles|campers)\/[^/]+$/;

/** shared-page-cache.ts's snapshot, as /api/health's pageCache.shared reports it. */
export type SharedSnapshot = {
  lookups: number;
  lookupMsMean: number | null;
  rows: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
};

/** What kind of page an address is (home, the main search page, a landing page, a car page or another). */
export function pageKind(path: string): "home" | "search" | "landing" | "car" | "other" {
  if (path === "/") return "home";
  if (path === "/search/new-used-and-demo-cars") return "search";
  if (path.startsWith("/search/")) return "landing";
  return CAR_PAGE.test(path) ? "car" : "other";
}

/**
 * Pages for the miss stretch: the given dealers' pages drawn as the traffic (and the model) draws
 * them — a shopper's Zipf rank or the crawler's uniform pick, so home, search, landing, car and
 * other pages come in the mix's proportions — each address once.
 */
export function missSample(
  dealers: readonly Dealer[],
  perDealer: number,
  seed: number,
  mix: { crawlerShare: number; pageS: number },
): Array<{ host: string; path: string }> {
  const random = seededRandom(seed);
  const seen = new Set<string>();
  const out: Array<{ host: string; path: string }> = [];
  for (const d of dealers) {
    if (!d.pages.length) continue;
    const cum = zipfCumulative(d.pages.length, mix.pageS);
    for (let k = 0; k < perDealer; k++) {
      const path = d.pages[random() < mix.crawlerShare ? Math.floor(random() * d.pages.length) : drawRank(cum, random())]!;
      if (seen.has(`${d.host}${path}`)) continue;
      seen.add(`${d.host}${path}`);
      out.push({ host: d.host, path });
    }
  }
  return out;
}

/**
 * ADR 0019's measured shared-tier lookup (PostgreSQL 15, idle loopback): its wall-clock time, used
 * when no `--shared-cache` row measured one, as the lookup's latency and as its CPU (a time, so the
 * CPU errs high).
 */
export const LOOKUP_MS_ADR = 0.58;
/** A shared copy's bytes ÷ an in-process entry's (gzip alone vs raw + gzip: 0.12–0.16 in ADR 0019's table), when no shared row measured it. */
export const SHARED_COPY_SHARE = 0.14;
/** HTTP_CACHE_SHARED_MAX_MB's default (src/server/base/env.ts), when no shared row reported its limit. */
export const SHARED_MAX_BYTES_DEFAULT = 2048 * 1024 * 1024;

/**
 * The shared tier as the `--shared-cache` rows saw it: the mean lookup time (weighted by each
 * process's lookups: wall-clock, a latency, not CPU), bytes a copy and the tier's limit; ADR 0019's
 * lookup and the defaults otherwise.
 */
export function sharedTierOf(rows: ReadonlyArray<{ pageCache: ReadonlyArray<{ shared?: SharedSnapshot }> }>, perEntryBytes: number) {
  const tiers = rows.flatMap((r) => r.pageCache.flatMap((p) => (p.shared ? [p.shared] : [])));
  const lookups = tiers.reduce((n, x) => n + (x.lookupMsMean === null ? 0 : x.lookups), 0);
  const latency = lookups ? tiers.reduce((n, x) => n + (x.lookupMsMean ?? 0) * x.lookups, 0) / lookups : null;
  // every process reports the one table (as of its last trim): the fullest report
  const fullest = tiers.reduce<SharedSnapshot | null>((a, x) => (x.rows > (a?.rows ?? 0) ? x : a), null);
  return {
    lookupLatencyMs: latency ?? LOOKUP_MS_ADR,
    lookupMeasured: latency !== null,
    bytesPerCopy: fullest ? fullest.bytes / fullest.rows : perEntryBytes * SHARED_COPY_SHARE,
    bytesMeasured: fullest !== null,
    maxBytes: tiers[0]?.maxBytes ?? SHARED_MAX_BYTES_DEFAULT,
  };
}

/** A measured row as the lookup's CPU needs it: its PostgreSQL CPU a view and, with the shared tier, its lookups. */
export type LookupRow = {
  processes: number;
  sharedCache: boolean;
  /** page views in the measured stretch */
  views: number;
  /** PostgreSQL's CPU ms a view over the measured stretch (its server and sessions) */
  pgMsPerView: number;
  /** shared-tier lookups the processes made in the measured stretch (pageCache.shared.lookups after − before) */
  sharedLookups: number | null;
};

export type LookupCpu = {
  /** PostgreSQL CPU ms the model charges a lookup */
  cpuMs: number;
  /** measured from the rows; clamped at 0 (measured below 0: noise); ADR 0019's time (no shared row to measure it) */
  basis: "measured" | "clamped" | "adr";
  /** the pooled figure before the clamp (null: no shared row measured one) */
  measuredMs: number | null;
  /** each shared row beside its plain row: the PostgreSQL CPU a view it added, its lookups a view, and their quotient */
  rows: Array<{ processes: number; pgAddedMsPerView: number; lookupsPerView: number; cpuMs: number }>;
};

/**
 * A shared-tier lookup's CPU, not its time: a lookup mostly waits (for the connection, the loaded
 * cores), so its wall-clock mean overstates its cost many times over. Each `--shared-cache` row's
 * PostgreSQL CPU a view minus that of the plain row with as many processes is what the tier added;
 * divided by the shared row's lookups a view, it is the tier's PostgreSQL CPU a lookup. The rows are
 * pooled (added CPU over all their views ÷ all their lookups), so a row with more lookups weighs more.
 * What it is: the tier's stores and purges are charged to its lookups (the model counts no other
 * cost of the tier), and the renders the tier saved lower the shared rows' PostgreSQL CPU, so it
 * errs low by them. Below 0 (the rows' noise outweighed the tier) it is clamped at 0; without a
 * shared row beside a plain one it is ADR 0019's lookup time.
 */
export function lookupCpuOf(rows: readonly LookupRow[]): LookupCpu {
  const pairs = rows.flatMap((s) => {
    const plain = rows.find((p) => !p.sharedCache && p.processes === s.processes);
    return s.sharedCache && plain && s.views > 0 && s.sharedLookups ? [{ s, plain, lookups: s.sharedLookups }] : [];
  });
  if (!pairs.length) return { cpuMs: LOOKUP_MS_ADR, basis: "adr", measuredMs: null, rows: [] };
  const added = pairs.reduce((n, x) => n + (x.s.pgMsPerView - x.plain.pgMsPerView) * x.s.views, 0);
  const pooled = added / pairs.reduce((n, x) => n + x.lookups, 0);
  return {
    cpuMs: Math.max(0, pooled),
    basis: pooled < 0 ? "clamped" : "measured",
    measuredMs: pooled,
    rows: pairs.map(({ s, plain, lookups }) => {
      const pgAddedMsPerView = s.pgMsPerView - plain.pgMsPerView;
      const lookupsPerView = lookups / s.views;
      return { processes: s.processes, pgAddedMsPerView, lookupsPerView, cpuMs: pgAddedMsPerView / lookupsPerView };
    }),
  };
}
