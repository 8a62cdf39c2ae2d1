// npm run drill:cluster [-- smoke] — issue 17's fault drills on loopback, through nginx in front of
// two app processes on one PostgreSQL (scripts/lib/cluster.ts; Debian's postgresql and nginx):
//
//   smoke  (CI) 200 leads from 10 clients; one app process is killed with kill -9 after 50
//          answers: every acknowledged lead is stored, nginx routes around the dead process.
//   full   (default) the same with 1,000 leads from 50 clients; then PostgreSQL is restarted while
//          20 clients keep sending: answers are 201 or a clear 503 with Retry-After (never a 500),
//          and the apps recover without a restart.
//
// Prints the counts and the lead POST latencies; exits non-zero when a promise is broken.
import postgres from "postgres";
import { startCluster } from "./lib/cluster";
import { ensureBuild } from "./lib/server-process";

const mode = process.argv[2] ?? "full";
if (mode !== "smoke" && mode !== "full") throw new Error(`unknown drill "${mode}": smoke or full`);
ensureBuild();

const PORT = 8091;
const HOST = `parkside-motor-group.localhost:${PORT}`;
const cluster = await startCluster({
  dir: ".data/drill-cluster",
  apps: 2,
  port: PORT,
  appPort: 3721,
  pgPort: 55481,
  quiet: true,
  env: { LEAD_RATE_LIMIT: "100000", LOG_LEVEL: "error" },
});
let failed = false;
const fail = (why: string) => {
  failed = true;
  console.error(`FAILED: ${why}`);
};
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!) : 0;
};

type Sent = { status: number; id: string | null; ms: number; retryAfter: string | null };
async function postLead(tag: string, w: number, i: number): Promise<Sent> {
  const t0 = performance.now();
  try {
    const res = await fetch(`${cluster.url}/api/leads`, {
      method: "POST",
      headers: { host: HOST, "content-type": "application/json" },
      body: JSON.stringify({
        lead: {
          form: "contact",
          first_name: "Drill",
          last_name: "Cluster",
          email: `${tag}+${w}-${i}@example.com`,
          phone: "0412 345 678",
          postcode: "3134",
          category: "General Enquiry",
          dealership_slug: "parkside-mazda",
          location: 10012,
          message: `Cluster drill ${tag} ${w}/${i}`,
        },
      }),
    });
    const json = (await res.json().catch(() => null)) as { lead?: { id?: string } } | null;
    return { status: res.status, id: json?.lead?.id ?? null, ms: performance.now() - t0, retryAfter: res.headers.get("retry-after") };
  } catch {
    return { status: 0, id: null, ms: performance.now() - t0, retryAfter: null };
  }
}

/** `clients` loops posting until `total` leads are sent; `during(answered)` runs after each answer. */
async function load(tag: string, total: number, clients: number, during: (answered: number) => void): Promise<Sent[]> {
  const out: Sent[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      while (next < total) {
        const i = next++;
        out.push(await postLead(tag, w, i));
        during(out.length);
      }
    }),
  );
  return out;
}

const statuses = (sent: Sent[]) =>
  Object.fromEntries(Object.entries(sent.reduce<Record<number, number>>((m, s) => ((m[s.status] = (m[s.status] ?? 0) + 1), m), {})));

async function storedIds(tag: string): Promise<Set<string>> {
  const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ id: string }[]>`select id from leads where email like ${`${tag}+%`}`;
    return new Set(rows.map((r) => r.id));
  } finally {
    await sql.end();
  }
}

try {
  // 1. kill -9 one app process under load
  const total = mode === "smoke" ? 200 : 1000;
  const clients = mode === "smoke" ? 10 : 50;
  const killAt = mode === "smoke" ? 50 : 200;
  const tag = `kill${Date.now()}`;
  let killed = false;
  const t0 = performance.now();
  const sent = await load(tag, total, clients, (n) => {
    if (!killed && n >= killAt) {
      killed = true;
      cluster.crash(1);
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  // acknowledged: a whole 201 answer with the lead's id (a process killed mid-answer leaves a cut body: an error to the shopper)
  const acked = sent.filter((s) => s.status === 201 && s.id);
  const stored = await storedIds(tag);
  const lost = acked.filter((s) => !s.id || !stored.has(s.id)).length;
  const errors = sent.length - acked.length;
  console.log(
    JSON.stringify(
      {
        drill: "kill -9 one of 2 app processes",
        sent: sent.length,
        acknowledged: acked.length,
        stored: stored.size,
        lost,
        errors,
        errorRate: `${((errors / sent.length) * 100).toFixed(1)}%`,
        statuses: statuses(sent),
        cutAnswers: sent.filter((s) => s.status === 201 && !s.id).length,
        leadsPerSecond: Math.round(sent.length / seconds),
        p50ms: pct(
          sent.map((s) => s.ms),
          50,
        ),
        p95ms: pct(
          sent.map((s) => s.ms),
          95,
        ),
      },
      null,
      2,
    ),
  );
  if (lost) fail(`${lost} acknowledged leads are not stored`);
  if (stored.size < acked.length) fail("fewer rows than acknowledgements");
  // the shopper sees an error only for requests the dead process held when it died
  if (errors > clients) fail(`${errors} errors: more than the ${clients} requests in flight when the process died`);
  if (sent.slice(-Math.floor(total / 4)).some((s) => s.status !== 201)) fail("nginx did not route around the dead process");
  await cluster.revive(1);

  if (mode === "full") {
    // 2. PostgreSQL restarted under load: 503 with Retry-After or 201, never a 500; recovery without restarting the apps
    const tag2 = `pg${Date.now()}`;
    let restarted: Promise<void> | null = null;
    const sent2 = await load(tag2, 600, 20, (n) => {
      if (!restarted && n >= 100) restarted = cluster.restartDatabase();
    });
    await restarted;
    // recovery: rounds of 20 leads until one round is all stored (a pooled connection that died with
    // the old server fails once, as a 503, and is replaced), for at most 30 s, no app restarted
    const back = performance.now();
    let after: Sent[] = [];
    for (let round = 0; round < 30; round++) {
      after = await Promise.all(Array.from({ length: 20 }, (_, i) => postLead(tag2, 100 + round, i)));
      if (after.every((s) => s.status === 201)) break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const recoveredInSeconds = Math.round((performance.now() - back) / 100) / 10;
    const acked2 = sent2.filter((s) => s.status === 201 && s.id);
    const stored2 = await storedIds(tag2);
    const s503 = sent2.filter((s) => s.status === 503);
    const report = {
      drill: "PostgreSQL restarted under load",
      sent: sent2.length,
      acknowledged: acked2.length,
      lost: acked2.filter((s) => !s.id || !stored2.has(s.id)).length,
      statuses: statuses(sent2),
      "503 without Retry-After": s503.filter((s) => !s.retryAfter).length,
      afterRecovery: statuses(after),
      recoveredInSeconds,
    };
    console.log(JSON.stringify(report, null, 2));
    if (report.lost) fail("acknowledged leads lost across the database restart");
    const stored2After = await storedIds(tag2);
    if (after.some((s) => s.id && !stored2After.has(s.id))) fail("a lead acknowledged after recovery is not stored");
    if (sent2.some((s) => s.status >= 500 && s.status !== 503) || sent2.some((s) => s.status === 0))
      fail("a 500 (or a dropped connection) during the restart");
    if (report["503 without Retry-After"]) fail("a 503 without Retry-After");
    if (after.some((s) => s.status !== 201)) fail("the apps did not recover after the database came back");
  }
} finally {
  await cluster.stop();
}
process.exit(failed ? 1 : 0);
