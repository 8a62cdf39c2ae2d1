// npm run drill:cluster [-- smoke] —'s fault drills on loopback, through Caddy in front of
// two app processes on one PostgreSQL (scripts/lib/cluster.ts; Debian's postgresql and caddy):
//
//   smoke  (CI) 200 leads from 10 clients; one app process is killed with kill -9 after 50
//          answers: every acknowledged lead is stored, Caddy routes around the dead process.
//          Each lead has its own Idempotency-Key and is tried again with it after a 503 or a
//          dropped connection, as the browser's form does: every lead ends acknowledged, and
//          none is stored twice (duplicates: 0).
//   full   (default) the same with 1,000 leads from 50 clients; then PostgreSQL is restarted while
//          20 clients keep sending: answers are 201 or a clear 503 with Retry-After (never a 500),
//          no lead is stored twice, and the apps recover without a restart.
//   both   the apps share a page cache in PostgreSQL (HTTP_CACHE_SHARED=postgres, ADR 0019): a page
//          app 0 drew is app 1's first answer from it; a manager changes a car's price through
//          one app process: every process serves the new price within 2 s (LISTEN/NOTIFY purges
//          their own caches) and no copy with the old price is left in the shared one, and
//          pages that do not show the car are kept.
//
// Prints the counts and the lead POST latencies; exits non-zero when a promise is broken.
import { startCluster } from "./lib/cluster";
import { killDrill, purgeDrill, restartDrill } from "./lib/cluster-drills";
import { ensureBuild } from "./lib/server-process";

const mode = process.argv[2] ?? "full";
if (mode !== "smoke" && mode !== "full") throw new Error(`unknown drill "${mode}": smoke or full`);
ensureBuild();

const cluster = await startCluster({
  dir: ".data/drill-cluster",
  apps: 2,
  port: 8091,
  tlsPort: 8491,
  appPort: 3721,
  pgPort: 55481,
  quiet: true,
  env: { LEAD_RATE_LIMIT: "100000", LOG_LEVEL: "error", HTTP_CACHE_SHARED: "postgres" },
});
let failed = false;
try {
  const drills = [
    () => purgeDrill(cluster, { shared: true }),
    () =>
      mode === "smoke"
        ? killDrill(cluster, { total: 200, clients: 10, killAt: 50 })
        : killDrill(cluster, { total: 1000, clients: 50, killAt: 200 }),
    ...(mode === "full" ? [() => restartDrill(cluster)] : []),
  ];
  for (const drill of drills) {
    const { report, failures } = await drill();
    console.log(JSON.stringify(report, null, 2));
    for (const why of failures) console.error(`FAILED: ${why}`);
    if (failures.length) failed = true;
  }
} finally {
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
