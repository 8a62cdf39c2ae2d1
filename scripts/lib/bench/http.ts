/*
 * HTTP: the uncached search and vehicle pages (parkside with real photographs, 20 connections)
 * against a trivial dynamic Next page, 3 alternating rounds, the median against the ratios, and the
 * search page's HTML size; then the search page from the page cache; req/s, p50 and p95.
 */
import { ensureBuild } from "../server-process";
import { pct } from "../cluster-drills";
import { landingHref } from "@/domain/stock/landing";
import { PORT, round, load, withServer, withPhotographs, SEARCH, HOST, type Load } from "./measure";
import { missedFloors, UNCACHED_FLOORS } from "./floors";
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

/** Rounds of the uncached comparison (the median of 3). */
const ROUNDS = 3;

async function http(o: BenchOptions) {
  ensureBuild();
  // the budgets, page cache off: each page against the trivial page, in rounds that take turns
  // so that a slower minute of the machine falls on every page alike; the median round is reported
  const uncached = await withServer(0, async () => {
    // the budgets are taken on real photographs: their addresses are what the page's HTML carries
    await withPhotographs();
    const html = (path: string) => fetch(`http://127.0.0.1:${PORT}${path}`, { headers: { host: HOST } }).then((r) => r.text());
    const searchHtml = await html(SEARCH);
    const vehicle = /href="(\/cars\/[^"#?]+)"/.exec(searchHtml)?.[1];
    if (!vehicle) throw new Error("no vehicle link on the search page");
    const vehicleHtml = await html(vehicle);
    for (const path of ["/bench/baseline", SEARCH, vehicle]) await load([path], HOST, 3); // warm-up
    const rounds: Array<{ baseline: Load; search: Load; vehicle: Load }> = [];
    for (let r = 0; r < ROUNDS; r++)
      rounds.push({
        baseline: await load(["/bench/baseline"], HOST, o.seconds),
        search: await load([SEARCH], HOST, o.seconds),
        vehicle: await load([vehicle], HOST, o.seconds),
      });
    const ratio = (page: "search" | "vehicle") =>
      pct(
        rounds.map((x) => x[page].rps / x.baseline.rps),
        50,
      );
    const mid = (page: "baseline" | "search" | "vehicle") =>
      rounds.map((x) => x[page]).sort((a, b) => a.rps - b.rps)[Math.floor(ROUNDS / 2)]!;
    return {
      baseline: mid("baseline"),
      search: mid("search"),
      vehicle: mid("vehicle"),
      searchRatio: ratio("search"),
      vehicleRatio: ratio("vehicle"),
      rounds,
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
Page cache off (catalogue cache on), ${ROUNDS} rounds taking turns, the median round:
${line("trivial dynamic Next page (baseline)", h.baseline, false)}
${line("search page", h.search)}
${line("vehicle page", h.vehicle)}
  rounds (search / vehicle against baseline): ${h.rounds.map((r) => `${round(r.search.rps / r.baseline.rps, 2)} / ${round(r.vehicle.rps / r.baseline.rps, 2)}`).join(", ")}
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
