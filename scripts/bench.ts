// npm run bench — performance figures, measured on this machine in one run:
//  1. HTTP: the uncached search and vehicle pages (parkside with real photographs, 20 connections) against a trivial
//     dynamic Next page, 3 alternating rounds, the median against the ratios, and the search
//     page's HTML size; then the search page from the page cache; req/s, p50 and p95.
//  2. Search query time (the full VehicleSearch call: count, page, facets, ranges) at demo size and
//     on a synthetic 100,000-vehicle database.
//  3. Leads: 1,000 POST /api/leads from 50 concurrent clients, then the rows are counted: every 201
//     must have its row and nothing else may be stored; p50/p95 latency.
//  (--only js: first-load JavaScript per page type against the framework's floor, built in the run.)
//  (--only cache: the full-page cache's hit ratio on a replayed shopper mix with a crawler beside it,
//   and how soon a price change shows, on real photographs.)
// Options: --seconds N (HTTP duration per target, default 10), --scale N (default 100000),
//          --only http|js|cache|images|crawl|query|leads|delivery|reports|stock|slots|fleet (one part);
//          --pg (the query part on PostgreSQL, --per-site N vehicles per synthetic dealer, default
//          200; `--only query --pg --scale 1000000` is the platform's scale: 1,000,000 vehicles / 5,000 dealers).
//  (--only reports: the reports on PostgreSQL with a year of a 400-car dealer's traffic: p95 ≤ 300 ms each.)
//  (--only stock: the back-office's stock list of a 1,000-car dealer by views over 30 days, p95 ≤ 300 ms, and
//   the editor's save of a price, p95 ≤ 200 ms, over HTTP as a signed-in manager.)
//  (--only fleet, run only when named: 5,000 dealers / 1,000,000 cars in PostgreSQL, 1, 2 and 4 app
//   processes behind Caddy replaying a Zipf shopper mix, a crawler and a change stream; hit ratio,
//   latency, CPU per view, purges, memory, and the model carried to 32 processes:
//   docs/operations/scale.md.)
//  (--only slots: GET /api/bookings/slots on PostgreSQL, a workshop's and cars' days, 50 clients: p95 ≤ 50 ms.)
//  4. Delivery: 200 leads from 10 concurrent clients to a server sending mail to a real
//     SMTP server on loopback; p50/p95 from the POST to the salesperson's email arriving.
// --cluster instead: Caddy in front of 1 and then 2 app processes on one PostgreSQL
//     (scripts/lib/cluster.ts): search page req/s and p95 through Caddy with each, 1,000 lead POSTs
//     from 50 clients (p50/p95, rows counted), and the two fault drills' counts.
//
// This file reads the options and runs the chosen parts in that order; each part is a module of
// scripts/lib/bench/ (what they share: measure.ts; the options: options.ts). `--help` lists the options.
import { BENCH_USAGE, parseBenchArgs, shouldRun } from "./lib/bench/options";

const parsed = parseBenchArgs(process.argv.slice(2));
if ("error" in parsed) {
  console.error(`${parsed.error}\n\n${BENCH_USAGE}`);
  process.exit(2);
}
const o = parsed;

// each part is loaded when it runs: --help, or one part, loads nothing else
if (o.help) console.log(BENCH_USAGE);
else {
  if (shouldRun(o, "http")) await (await import("./lib/bench/http")).runHttp(o);
  if (shouldRun(o, "js")) await (await import("./lib/bench/js")).runJs();
  if (shouldRun(o, "images")) await (await import("./lib/bench/images")).runImages();
  if (shouldRun(o, "crawl")) await (await import("./lib/bench/crawl")).runCrawl();
  if (shouldRun(o, "cache")) await (await import("./lib/bench/cache")).runCache(o);
  if (shouldRun(o, "query")) await (await import("./lib/bench/query")).runQuery(o);
  if (shouldRun(o, "reports")) await (await import("./lib/bench/reports")).runReports();
  if (shouldRun(o, "stock")) await (await import("./lib/bench/stock")).runStock();
  if (shouldRun(o, "slots")) await (await import("./lib/bench/slots")).runSlots(o);
  if (shouldRun(o, "delivery")) await (await import("./lib/bench/delivery")).runDelivery();
  if (shouldRun(o, "leads")) await (await import("./lib/bench/leads")).runLeads();
  if (shouldRun(o, "fleet")) await (await import("./lib/bench/fleet")).runFleet(o);
  if (o.cluster) await (await import("./lib/bench/cluster")).runCluster(o);
}
