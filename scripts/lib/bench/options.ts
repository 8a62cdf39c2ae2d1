/*
 * The bench's command line: which parts run and with what sizes. Pure, so that its reading of the
 * options is tested without running a bench (options.test.ts).
 */

/** The parts `--only` can name, in the order a full run takes them. */
export const BENCH_PARTS = [
  "http",
  "js",
  "images",
  "crawl",
  "cache",
  "query",
  "reports",
  "stock",
  "slots",
  "delivery",
  "leads",
  "fleet",
] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

/** Parts that run only when named with --only: the fleet loads a million cars and takes minutes. */
const ONLY_WHEN_NAMED: readonly BenchPart[] = ["fleet"];

export type BenchOptions = {
  /** HTTP duration per target, in seconds */
  seconds: number;
  /** vehicles in the synthetic database of the query part */
  scale: number;
  /** vehicles per synthetic dealer (the query part on PostgreSQL) */
  perSite: number;
  /** the query part on PostgreSQL instead of PGlite */
  pg: boolean;
  /** the cluster bench instead of every part */
  cluster: boolean;
  /** the fleet part: load its database again even when it holds the fleet already */
  fresh: boolean;
  /** the fleet part: also measure with the HTML cache tier every process shares (HTTP_CACHE_SHARED=postgres) */
  sharedCache: boolean;
  /** one part, or null for all */
  only: BenchPart | null;
  help: boolean;
};

export const BENCH_USAGE = `npm run bench -- [options]

  --seconds N     HTTP duration per target (default 10)
  --scale N       vehicles in the query part's synthetic database (default 100000)
  --only PART     one part: ${BENCH_PARTS.join("|")}
  --pg            the query part on PostgreSQL (with --per-site N vehicles per synthetic dealer, default 200;
                  \`--only query --pg --scale 1000000\` is the platform's scale: 1,000,000 vehicles / 5,000 dealers)
  --cluster       instead: Caddy in front of 1 and then 2 app processes on one PostgreSQL
  --fresh         with --only fleet: load the 5,000-dealer / 1,000,000-car database again (else a loaded one is kept)
  --shared-cache  with --only fleet: each process count measured again with the shared HTML cache tier
                  (HTTP_CACHE_SHARED=postgres), hit ratios with and without it
  --help          this text

  --only fleet (run alone; not part of a full run): 5,000 dealers / 1,000,000 cars in PostgreSQL, 1, 2 and 4
  app processes behind Caddy, each replaying a Zipf shopper mix, a crawler and a change stream for
  6 × --seconds (default 60 s) after a warm-up of 2 × --seconds; docs/operations/scale.md`;

const NUMBERS = { seconds: 10, scale: 100_000, "per-site": 200 } as const;
const FLAGS = new Set(["--pg", "--cluster", "--help", "--fresh", "--shared-cache"]);

/** The options, or what is wrong with them. */
export function parseBenchArgs(argv: readonly string[]): BenchOptions | { error: string } {
  const o: BenchOptions = {
    seconds: NUMBERS.seconds,
    scale: NUMBERS.scale,
    perSite: NUMBERS["per-site"],
    pg: false,
    cluster: false,
    fresh: false,
    sharedCache: false,
    only: null,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (FLAGS.has(a)) {
      if (a === "--pg") o.pg = true;
      else if (a === "--cluster") o.cluster = true;
      else if (a === "--fresh") o.fresh = true;
      else if (a === "--shared-cache") o.sharedCache = true;
      else o.help = true;
      continue;
    }
    const value = argv[i + 1];
    if (a === "--only") {
      const part = BENCH_PARTS.find((p) => p === value);
      if (!part) return { error: `--only takes one of ${BENCH_PARTS.join(", ")}` };
      o.only = part;
      i++;
      continue;
    }
    const name = a.startsWith("--") ? a.slice(2) : "";
    if (name in NUMBERS) {
      const n = Number(value);
      if (!value || !Number.isInteger(n) || n <= 0) return { error: `${a} takes a whole number above 0` };
      if (name === "seconds") o.seconds = n;
      else if (name === "scale") o.scale = n;
      else o.perSite = n;
      i++;
      continue;
    }
    return { error: `unknown option ${a}` };
  }
  return o;
}

/** Whether a part runs: every part without --only (but the fleet), the one named with it, none with --cluster. */
export const shouldRun = (o: BenchOptions, part: BenchPart): boolean =>
  !o.cluster && (o.only ? o.only === part : !ONLY_WHEN_NAMED.includes(part));
