// npm run drill:outage [-- --rounds 5] — PostgreSQL goes down and comes back under a running app,
// several times, and pages must be back within BOUND_SECONDS of the database every time.
//
// A private PostgreSQL (Debian's, scripts/lib/cluster.ts: 127.0.0.1 only, port 55462, its files in
// .data/drill-outage) and the built server on it (port 3260) with the page and catalogue caches
// off, so that every page reads the database. A shopper asks for a search page every 250 ms
// throughout. Each round stops PostgreSQL (a fast shutdown: every session cut) for longer than the
// last (1 s up to 40 s), then starts it again. While it is down every answer must be a 503 with
// Retry-After (never a 500); once it answers again, the first 200 must come within BOUND_SECONDS,
// and no page may keep its shopper waiting longer than that from then on.
//
// Prints each round's figures and the worst; exits non-zero when a promise is broken.
import type { ChildProcess } from "node:child_process";
import { parseArgs } from "node:util";
import { startPostgres } from "./lib/cluster";
import { hostRequest } from "./lib/host-request";
import { ensureBuild, startServer, stopServer } from "./lib/server-process";

/** Every page answers within this long of the database answering again. */
const BOUND_SECONDS = 3;
const OUTAGES_SECONDS = [1, 3, 10, 20, 40];
const PG_PORT = 55462;
const APP_PORT = 3260;
const HOST = "tasman-campers.localhost";
const PAGE = "/search/used-cars";

const { values } = parseArgs({ options: { rounds: { type: "string", default: String(OUTAGES_SECONDS.length) } } });
const rounds = Math.max(1, Math.min(20, Number(values.rounds) || OUTAGES_SECONDS.length));
ensureBuild();

type Answer = { start: number; end: number; status: number; retryAfter: boolean };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms: number) => Math.round(ms / 100) / 10;

/** A page every 250 ms, whether or not the last one answered (as shoppers do), until stopped. */
function shopper() {
  const answers: Answer[] = [];
  const pending = new Set<Promise<void>>();
  let on = true;
  const loop = (async () => {
    while (on) {
      const start = performance.now();
      const p = hostRequest(APP_PORT, HOST, PAGE).then(
        (r) => void answers.push({ start, end: performance.now(), status: r.status, retryAfter: !!r.headers["retry-after"] }),
        () => void answers.push({ start, end: performance.now(), status: 0, retryAfter: false }),
      );
      pending.add(p);
      void p.finally(() => pending.delete(p));
      await sleep(250);
    }
  })();
  return {
    answers,
    stop: async () => {
      on = false;
      await loop;
      await Promise.all(pending);
    },
  };
}

const pg = await startPostgres({ dir: ".data/drill-outage", port: PG_PORT, quiet: true });
let app: ChildProcess | null = null;
const failures: string[] = [];
const report: Array<Record<string, unknown>> = [];
try {
  pg.psql("drop database if exists drill_outage");
  pg.psql("create database drill_outage");
  app = await startServer({
    port: APP_PORT,
    timeoutMs: 180_000,
    env: {
      DATABASE_URL: pg.url("drill_outage"),
      SEED_DEMO_DATA: "true",
      DATA_DIR: ".data/drill-outage/app",
      HTTP_CACHE_TTL_SECONDS: "0",
      CATALOGUE_CACHE_TTL_SECONDS: "0",
      LOG_LEVEL: "error",
    },
  });
  const first = await hostRequest(APP_PORT, HOST, PAGE);
  if (first.status !== 200) throw new Error(`${PAGE} on ${HOST} answered ${first.status} with the database up`);

  for (let round = 0; round < rounds; round++) {
    const outageMs = OUTAGES_SECONDS[round % OUTAGES_SECONDS.length]! * 1000;
    const s = shopper();
    await sleep(1000);
    const down = performance.now();
    await pg.stop();
    await sleep(outageMs);
    await pg.restart(); // resolves once psql gets an answer
    const back = performance.now();
    await sleep(BOUND_SECONDS * 1000 + 2000);
    await s.stop();

    const during = s.answers.filter((a) => a.start > down && a.end < back);
    const after = s.answers.filter((a) => a.end >= back);
    const firstOk = after.filter((a) => a.status === 200).sort((a, b) => a.end - b.end)[0];
    // how long a shopper waited once the database was back (a request sent before it counts from then)
    const longestWait = Math.max(0, ...after.map((a) => a.end - Math.max(a.start, back)));
    const row = {
      round: round + 1,
      outageSeconds: outageMs / 1000,
      whileDown: statuses(during),
      slowestWhileDownSeconds: seconds(Math.max(0, ...during.map((a) => a.end - a.start))),
      firstPageAfterSeconds: firstOk ? seconds(firstOk.end - back) : null,
      longestWaitAfterSeconds: seconds(longestWait),
      afterBack: statuses(after),
      // any other answer: when it was asked and answered, in seconds from the database answering again
      odd: s.answers
        .filter((a) => a.status !== 200 && a.status !== 503)
        .map((a) => ({ status: a.status, asked: seconds(a.start - back), answered: seconds(a.end - back) })),
    };
    report.push(row);
    console.log(JSON.stringify(row));
    if (during.some((a) => a.status !== 503 && a.status !== 200)) failures.push(`round ${round + 1}: an answer other than 503 while down`);
    if (during.some((a) => a.status === 503 && !a.retryAfter)) failures.push(`round ${round + 1}: a 503 without Retry-After`);
    if (!firstOk || firstOk.end - back > BOUND_SECONDS * 1000)
      failures.push(`round ${round + 1}: no page within ${BOUND_SECONDS} s of the database coming back`);
    if (longestWait > BOUND_SECONDS * 1000)
      failures.push(`round ${round + 1}: a page waited ${seconds(longestWait)} s after the database was back`);
    if (after.some((a) => a.status !== 200 && a.status !== 503)) failures.push(`round ${round + 1}: an answer other than 200 or 503 after`);
  }
} finally {
  if (app) await stopServer(app);
  await pg.stop();
}

function statuses(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}

const worst = (key: string) => Math.max(...report.map((r) => Number(r[key] ?? Infinity)));
console.log(
  JSON.stringify({
    rounds: report.length,
    boundSeconds: BOUND_SECONDS,
    worstFirstPageAfterSeconds: worst("firstPageAfterSeconds"),
    worstWaitAfterSeconds: worst("longestWaitAfterSeconds"),
  }),
);
for (const why of failures) console.error(`FAILED: ${why}`);
process.exit(failures.length ? 1 : 0);
