/*
 * The bench's command line: which parts run and with what sizes. Pure, so that its reading of the
 * options is tested without running a bench (options.test.ts).
 */

/** The parts `--only` can name, in the order a full run takes them. */
export const BENCH_PARTS = ["http", "js", "images", "crawl", "cache", "query", "reports", "stock", "delivery", "leads"] as const;
export type BenchPart = (typeof BENCH_PARTS)[number];

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
  --help          this text`;

const NUMBERS = { seconds: 10, scale: 100_000, "per-site": 200 } as const;
const FLAGS = new Set(["--pg", "--cluster", "--help"]);

/** The options, or what is wrong with them. */
export function parseBenchArgs(argv: readonly string[]): BenchOptions | { error: string } {
  const o: BenchOptions = {
    seconds: NUMBERS.seconds,
    scale: NUMBERS.scale,
    perSite: NUMBERS["per-site"],
    pg: false,
    cluster: false,
    only: null,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (FLAGS.has(a)) {
      if (a === "--pg") o.pg = true;
      else if (a === "--cluster") o.cluster = true;
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

/** Whether a part runs: every part without --only, none with --cluster. */
export const shouldRun = (o: BenchOptions, part: BenchPart): boolean => !o.cluster && (!o.only || o.only === part);
