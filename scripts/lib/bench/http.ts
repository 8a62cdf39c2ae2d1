/*
 * HTTP: the uncached search and vehicle pages (parkside with real photographs, 20 connections)
 * against a trivial dynamic Next page, taking turns in slices of a few seconds, and the search
 * page's HTML size; then the search page from the page cache; req/s, p50 and p95.
 */
import { ensureBuild } from "../server-process";
import { landingHref } from "@/domain/stock/landing";
import { PORT, round, load, loadSlice, withServer, withPhotographs, SEARCH, HOST } from "./measure";
import { cycleRatios, missedFloors, UNCACHED_FLOORS } from "./floors";
import { pct } from "../cluster-drills";
import type { BenchOptions } from "./options";

/**
 * 48 distinct result pages a shopper could open: makes × sorts, pages, types. One make is a landing
 * page (`/search/used-cars/mazda?sort=…`): the plain search with `?make=` redirects there, and the
 * bench must measure pages, not redirects (any non-2xx fails the run).
 */
const VARIED = ["Mazda", "Suzuki", "Mercedes-Benz", "Skoda", "KGM", "Toyota", "Ford", "Kia"].flatMap((make) =>
  ["relevance", "price-asc", "latest"].flatMap((sort) => [
    landingHref(SEARCH, new URLSearchParams({ make, sort })),
    landingHref("/search/used-cars", new URLSearchParams({ make, sort, page: "2" })),
  ]),
);

/**
 * The uncached comparison takes turns in slices: the trivial page, the search page and the vehicle
 * page each for one slice (its first second not counted, a pause after it: loadSlice), the three in
 * each of their six orders in turn, so that no page always follows the same one, for about as
 * long in all as five 10-second lines each. The uncounted second is there for the page's own
 * garbage: a page measured straight after the light trivial page would start on a cleaner heap than
 * it keeps under load. On this 2-core virtual machine the trivial page's 10-second lines moved by a
 * third within minutes (308–589 req/s on 2026-12-06) while the pages moved with them a line later or
 * not at all, so that rounds of 10-second lines put a page 0.21–0.34× from one round to the next.
 * Slices of a few seconds put every page under the same minute of the machine.
 */
const SLICE = { seconds: 2.5, skipSeconds: 1 };
type Page = "baseline" | "search" | "vehicle";
const ORDERS: ReadonlyArray<readonly [Page, Page, Page]> = [
  ["baseline", "search", "vehicle"],
  ["baseline", "vehicle", "search"],
  ["search", "baseline", "vehicle"],
  ["search", "vehicle", "baseline"],
  ["vehicle", "baseline", "search"],
  ["vehicle", "search", "baseline"],
];

async function http(o: BenchOptions) {
  ensureBuild();
  // the budgets, page cache off: each page against the trivial page, in slices that take turns so
  // that a slower minute of the machine falls on every page alike
  const uncached = await withServer(0, async () => {
    // the budgets are taken on real photographs: their addresses are what the page's HTML carries
    await withPhotographs();
    const html = (path: string) => fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { host: HOST } }).then((r) => r.text());
    const searchHtml = await html(SEARCH);
    const vehicle = /href="(\/cars\/[^"#?]+)"/.exec(searchHtml)?.[1];
    if (!vehicle) throw new Error("no vehicle link on the search page");
    const vehicleHtml = await html(vehicle);
    for (const path of ["/bench/baseline", SEARCH, vehicle]) await load([path], HOST, 3); // warm-up
    const cycles = ORDERS.length * Math.max(1, Math.round((5 * o.seconds) / SLICE.seconds / ORDERS.length));
    const path = { baseline: "/bench/baseline", search: SEARCH, vehicle } as const;
    const slices: Record<Page, Array<Awaited<ReturnType<typeof loadSlice>>>> = { baseline: [], search: [], vehicle: [] };
    for (let c = 0; c < cycles; c++)
      for (const page of ORDERS[c % ORDERS.length]!) slices[page].push(await loadSlice(path[page], HOST, SLICE.seconds, SLICE.skipSeconds));
    // requests a second in each slice: its counted window is a tick longer or shorter than another's
    const rate = (x: { total: number; seconds: number }) => x.total / x.seconds;
    const ratios = cycleRatios(
      Array.from({ length: cycles }, (_, c) => ({
        baseline: rate(slices.baseline[c]!),
        search: rate(slices.search[c]!),
        vehicle: rate(slices.vehicle[c]!),
      })),
    );
    // each page over all its slices: requests a second, and the latencies of every request counted
    const whole = (page: Page) => {
      const all = slices[page].flatMap((x) => x.latencies);
      const seconds = slices[page].reduce((n, x) => n + x.seconds, 0);
      return { rps: round(all.length / seconds, 0), p50: round(pct(all, 50)), p95: round(pct(all, 95)) };
    };
    const sliceRps = slices.baseline.map((x) => round(rate(x), 0));
    return {
      baseline: whole("baseline"),
      search: whole("search"),
      vehicle: whole("vehicle"),
      searchRatio: ratios.searchRatio,
      vehicleRatio: ratios.vehicleRatio,
      spread: ratios.spread,
      cycles,
      baselineRange: [Math.min(...sliceRps), Math.max(...sliceRps)],
      bytes: { search: Buffer.byteLength(searchHtml), vehicle: Buffer.byteLength(vehicleHtml) },
    };
  });
  const cached = await withServer(15, async () => {
    await load([SEARCH, ...VARIED], HOST, 3);
    return {
      one: await load([SEARCH], HOST, o.seconds),
      varied: await load(VARIED, HOST, o.seconds),
      // as a browser asks: each copy gzipped for its client, with its own CSP nonce
      gzip: await load([SEARCH], HOST, o.seconds, { "accept-encoding": "gzip, deflate, br" }),
    };
  });
  // what Next's own data caching could add at best: the render with every read from the database
  const bare = await withServer(
    0,
    async () => {
      await load([SEARCH], HOST, 3);
      return { bare: await load([SEARCH], HOST, o.seconds) };
    },
    { CATALOGUE_CACHE_TTL_SECONDS: "0" },
  );
  return { ...uncached, ...cached, ...bare };
}

export async function runHttp(o: BenchOptions): Promise<void> {
  const h = await http(o);
  const pctOf = (x: { rps: number }) => round((x.rps / h.baseline.rps) * 100, 0);
  const line = (label: string, x: { rps: number; p50: number; p95: number }, ratio = true) =>
    `  ${label.padEnd(44)} ${String(x.rps).padStart(6)} req/s   p50 ${String(x.p50).padStart(6)} ms   p95 ${String(x.p95).padStart(6)} ms${ratio ? `   ${pctOf(x)}% of baseline` : ""}`;
  const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL");
  const searchKb = round(h.bytes.search / 1024, 1);
  console.log(`
HTTP: 20 connections, ${o.seconds}s per line, server and load generator on this machine's cores
Page cache off (catalogue cache on), ${h.cycles} cycles of three slices in their six orders, each page's requests after each slice's first ${SLICE.skipSeconds} s:
${line("trivial dynamic Next page (baseline)", h.baseline, false)}
${line("search page", h.search)}
${line("vehicle page", h.vehicle)}
  the cycles' own ratios, quartiles: search ${h.spread.search.map((x) => round(x, 2)).join("–")}×, vehicle ${h.spread.vehicle.map((x) => round(x, 2)).join("–")}×; the baseline's slices ${h.baselineRange.join("–")} req/s
  floor: search ≥ ${UNCACHED_FLOORS.searchRatio}× baseline → ${round(h.searchRatio, 2)}× ${verdict(h.searchRatio >= UNCACHED_FLOORS.searchRatio)}; vehicle ≥ ${UNCACHED_FLOORS.vehicleRatio}× → ${round(h.vehicleRatio, 2)}× ${verdict(h.vehicleRatio >= UNCACHED_FLOORS.vehicleRatio)}
  floor: search page HTML ≤ ${UNCACHED_FLOORS.searchHtmlKb} KB uncompressed → ${searchKb} KB ${verdict(searchKb <= UNCACHED_FLOORS.searchHtmlKb)} (vehicle page ${round(h.bytes.vehicle / 1024, 1)} KB)
Page cache on (15 s):
${line("search page, parkside", h.one)}
${line("search page, 48 different result URLs", h.varied)}
${line("search page, Accept-Encoding gzip", h.gzip)}
Nothing cached (catalogue cache off too):
${line("search page", h.bare)}`);
  const missed = missedFloors({ searchRatio: h.searchRatio, vehicleRatio: h.vehicleRatio, searchKb });
  if (missed.length) {
    console.log(`  FAIL: below the uncached floors: ${missed.join("; ")}`);
    process.exitCode = 1;
  }
}
