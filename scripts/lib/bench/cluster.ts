/*
 * --cluster: Caddy in front of 1 and then 2 app processes on one PostgreSQL (scripts/lib/cluster.ts):
 * search page req/s and p95 through Caddy with each, 1,000 lead POSTs from 50 clients (p50/p95,
 * rows counted), and the two fault drills' counts.
 */
import { ensureBuild } from "../server-process";
import { cpus } from "node:os";
import { rmSync } from "node:fs";
import { startCluster, type Cluster, type ClusterOptions } from "../cluster";
import { killDrill, leadBench, outboxDrained, restartDrill, type DrillResult } from "../cluster-drills";
import { round, load, SEARCH, HOST } from "./measure";
import type { BenchOptions } from "./options";

/**
 * --cluster: the search page through the front door (Caddy) with 1 and with 2 app processes (page cache
 * off: every request renders, so the ratio shows what a second process adds); lead POSTs with each
 * (the measured 1,000 after three warm-up rounds of 1,000, each round starting with an empty outbox:
 * the measured round's own deliveries run beside it, the warm-up's do not); then with 2 the two
 * fault drills.
 */
async function clusterBench(o: BenchOptions) {
  ensureBuild();
  const options = (apps: number): ClusterOptions => ({
    dir: ".data/bench-cluster",
    apps,
    port: 8093,
    tlsPort: 8493,
    appPort: 3731,
    pgPort: 55483,
    quiet: true,
    env: { LEAD_RATE_LIMIT: "100000", LOG_LEVEL: "error", HTTP_CACHE_TTL_SECONDS: "0" },
  });
  const search = async (url: string) => {
    const host = `${HOST}:${new URL(url).port}`;
    await load([SEARCH], host, 3, {}, url); // warm-up
    return load([SEARCH], host, o.seconds, {}, url);
  };
  const leads = async (cluster: Cluster) => {
    // three warm-up rounds: two processes' code is compiled by then (the p95 settles from the fourth)
    for (let round = 0; round < 4; round++) {
      if (!(await outboxDrained(cluster))) throw new Error("the outbox did not drain within 2 minutes");
      const r = await leadBench(cluster);
      if (round === 3 || r.failures.length) return r;
    }
    throw new Error("unreachable");
  };
  rmSync(".data/bench-cluster", { recursive: true, force: true }); // a fresh database for every run
  const one = await startCluster(options(1));
  let single: { search: Awaited<ReturnType<typeof search>>; leads: Awaited<ReturnType<typeof leads>> };
  try {
    single = { search: await search(one.url), leads: await leads(one) };
  } finally {
    await one.stop();
  }
  const two = await startCluster(options(2));
  try {
    const search2 = await search(two.url);
    const leads2 = await leads(two);
    const kill = await killDrill(two, { total: 1000, clients: 50, killAt: 200 });
    const restart = await restartDrill(two);
    return { single, search2, leads2, kill, restart };
  } finally {
    await two.stop();
  }
}

export async function runCluster(o: BenchOptions): Promise<void> {
  const c = await clusterBench(o);
  const failures = [...c.single.leads.failures, ...c.leads2.failures, ...c.kill.failures, ...c.restart.failures];
  const lead = (r: DrillResult) =>
    `${r.report.leadsPerSecond} leads/s   p50 ${r.report.p50ms} ms   p95 ${r.report.p95ms} ms   answers ${JSON.stringify(r.report.statuses)}   rows ${r.report.rows} (missing ${r.report.missing})`;
  console.log(`
Cluster: Caddy → app processes → one PostgreSQL, all on this machine (${cpus().length} cores, shared with the load generator)
  search page, page cache off, 20 connections, ${o.seconds} s:
    1 app process   ${c.single.search.rps} req/s   p50 ${c.single.search.p50} ms   p95 ${c.single.search.p95} ms
    2 app processes ${c.search2.rps} req/s   p50 ${c.search2.p50} ms   p95 ${c.search2.p95} ms   (× ${round(c.search2.rps / c.single.search.rps, 2)})
  leads: 1,000 POST /api/leads from 50 clients through Caddy (after three warm-up rounds of 1,000):
    1 app process   ${lead(c.single.leads)}
    2 app processes ${lead(c.leads2)}
  drill, kill -9 one process during 1,000 leads: ${JSON.stringify(c.kill.report)}
  drill, PostgreSQL restarted under load: ${JSON.stringify(c.restart.report)}
  ${failures.length ? `FAILED: ${failures.join("; ")}` : "every promise kept (every acknowledged lead stored, no 500)"}
`);
  if (failures.length) process.exitCode = 1;
}
