/*
 * Search query time (the full VehicleSearch call: count, page, facets, ranges) at demo size and
 * on a synthetic database (--scale vehicles), on PGlite or, with --pg, on PostgreSQL.
 */
import { writeFileSync } from "node:fs";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { startPostgres } from "../cluster";
import { pct } from "../cluster-drills";
import { parseSearch, type SearchParams } from "@/domain/stock/search";
import { openDatabase, preparing, type Db } from "@/server/db/client";
import * as schema from "@/server/db/schema";
import { seedDemoData } from "@/server/demo/seed";
import { seedSynthetic } from "@/server/demo/synthetic";
import { getSiteByKey, listLocations } from "@/server/repositories/sites";
import { SqlVehicleSearch } from "@/server/search/vehicle-search";
import { round } from "./measure";
import type { BenchOptions } from "./options";

const QUERIES: SearchParams[] = [
  {},
  { make: "Mazda" },
  { sort: "price-asc", page: "3" },
  { car_type: "used", body: "SUV", sort: "odometer-asc" },
  { price_min: "30000", price_max: "60000", sort: "latest" },
  { q: "cx-5" },
];

async function queryTimes(db: Awaited<ReturnType<typeof openDatabase>>["db"], slug: string, rounds: number) {
  const site = (await getSiteByKey(db, { by: "slug", slug }))!;
  const locations = await listLocations(db, site.id);
  const s = new SqlVehicleSearch(db);
  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const params of QUERIES) {
      const q = parseSearch("new-used-and-demo-cars", params, site.defaultSort);
      const t0 = performance.now();
      await s.search(site, locations, q);
      if (r > 0) times.push(performance.now() - t0); // round 0 warms up
    }
  }
  return { p50: round(pct(times, 50), 2), p95: round(pct(times, 95), 2), n: times.length };
}

async function queries(o: BenchOptions) {
  const database = await openDatabase({ driver: "pglite", memory: true });
  try {
    await seedDemoData(database.db);
    const small = await queryTimes(database.db, "parkside-motor-group", 20);
    const t0 = Date.now();
    const dealers = await seedSynthetic(database.db, o.scale);
    const seedMs = Date.now() - t0;
    const large = await queryTimes(database.db, "parkside-motor-group", 20);
    return { small, large, dealers, seedMs };
  } finally {
    await database.close();
  }
}

/**
 * The search at platform scale on PostgreSQL (--pg): Debian's PostgreSQL under
 * .data/bench-pg, the demo sites, then synthetic dealers of --per-site vehicles (default 200) up to
 * --scale vehicles; parkside's searches timed before and after, and each of the search's SQL
 * statements at full size run once more with EXPLAIN (ANALYZE, BUFFERS), written to
 * .data/bench-pg/explain.txt (ADR 0016 quotes them).
 */
async function queriesOnPostgres(o: BenchOptions) {
  const dir = ".data/bench-pg";
  const pg = await startPostgres({ dir, port: 55484, quiet: true });
  try {
    pg.psql("drop database if exists search");
    pg.psql("create database search");
    const database = await openDatabase({ driver: "postgres", url: pg.url("search"), max: 4 });
    const t0 = Date.now();
    let dealers = 0;
    let small, large;
    try {
      await seedDemoData(database.db);
      small = await queryTimes(database.db, "parkside-motor-group", 20);
      dealers = await seedSynthetic(database.db, o.scale, o.perSite);
    } finally {
      await database.close();
    }
    const seedMs = Date.now() - t0;
    // the statements the search sends, captured from drizzle's logger, then explained one by one
    const client = postgres(pg.url("search"), { max: 4, onnotice: () => {} });
    const statements: Array<{ sql: string; params: unknown[] }> = [];
    let capture = false;
    const db = drizzlePostgres(preparing(client), {
      schema,
      logger: { logQuery: (q, params) => void (capture && statements.push({ sql: q, params })) },
    }) as unknown as Db;
    try {
      large = await queryTimes(db, "parkside-motor-group", 20);
      const site = (await getSiteByKey(db, { by: "slug", slug: "parkside-motor-group" }))!;
      const locations = await listLocations(db, site.id);
      const plans: string[] = [];
      for (const params of QUERIES) {
        statements.length = 0;
        capture = true;
        await new SqlVehicleSearch(db).search(site, locations, parseSearch("new-used-and-demo-cars", params, site.defaultSort));
        capture = false;
        plans.push(`## search ${JSON.stringify(params)}`);
        for (const st of statements) {
          const rows = await client.unsafe(`explain (analyze, buffers) ${st.sql}`, st.params as never[]);
          plans.push(`-- ${st.sql}\n-- params ${JSON.stringify(st.params)}\n${rows.map((r) => r["QUERY PLAN"]).join("\n")}\n`);
        }
      }
      writeFileSync(`${dir}/explain.txt`, plans.join("\n"));
      const [count] = await client<{ n: number }[]>`select count(*)::int as n from vehicles`;
      return { small, large, dealers, seedMs, vehicles: count!.n };
    } finally {
      await client.end();
    }
  } finally {
    await pg.stop();
  }
}

export async function runQuery(o: BenchOptions): Promise<void> {
  if (o.pg) {
    const q = await queriesOnPostgres(o);
    const qratio = q.large.p95 / q.small.p95;
    console.log(`
Search query on PostgreSQL (VehicleSearch.search for parkside; ${q.small.n} timed calls each)
  demo size (7 sites)                          p50 ${q.small.p50} ms   p95 ${q.small.p95} ms
  ${q.vehicles.toLocaleString("en-AU")} vehicles (${q.dealers.toLocaleString("en-AU")} synthetic dealers, ${round(q.seedMs / 1000)} s to add)   p50 ${q.large.p50} ms   p95 ${q.large.p95} ms
  p95 ratio ${round(qratio, 2)}× (target ≤ 2×) → ${qratio <= 2 ? "PASS" : "FAIL"}; EXPLAIN ANALYZE of every statement: .data/bench-pg/explain.txt`);
    if (qratio > 2) process.exitCode = 1;
  } else {
    const q = await queries(o);
    const qratio = q.large.p95 / q.small.p95;
    console.log(`
Search query (VehicleSearch.search: count + page + facets + ranges; ${q.small.n} timed calls each, PGlite)
  demo size (809 vehicles)                      p50 ${q.small.p50} ms   p95 ${q.small.p95} ms
  ${o.scale.toLocaleString("en-AU")} vehicles (${q.dealers} synthetic dealers, ${round(q.seedMs / 1000)} s to add)   p50 ${q.large.p50} ms   p95 ${q.large.p95} ms
  p95 ratio ${round(qratio, 2)}× (target ≤ 2×) → ${qratio <= 2 ? "PASS" : "FAIL"}`);
  }
}
