/*
 * Leads: 1,000 POST /api/leads from 50 concurrent clients, then the rows are counted: every 201
 * must have its row and nothing else may be stored; p50/p95 latency. Then a restart mid-flight.
 */
import { ensureBuild, startServer } from "../server-process";
import { pct } from "../cluster-drills";
import { openDatabase } from "@/server/db/client";
import { leads as leadsTable } from "@/server/db/schema";
import { PORT, DATA, round, withServer, HOST } from "./measure";

const LEADS = 1000;
const CLIENTS = 50;

/** 50 shoppers (distinct addresses behind a trusted proxy) each send 20 enquiries; then count rows. */
async function leads() {
  ensureBuild();
  type Sent = { status: number; id: string | null; ms: number };
  const sent: Sent[] = await withServer(
    15,
    async () => {
      const out: Sent[] = [];
      const worker = async (w: number) => {
        for (let i = 0; i < LEADS / CLIENTS; i++) {
          const body = {
            lead: {
              form: "contact",
              first_name: "Load",
              last_name: "Tester",
              email: `load+${w}-${i}@example.com`,
              phone: "0412 345 678",
              postcode: "3134",
              category: "General Enquiry",
              dealership_slug: "parkside-mazda",
              location: 10012,
              message: `Load test ${w}/${i}`,
            },
          };
          const t0 = performance.now();
          try {
            const res = await fetch(`http://127.0.0.1:${PORT}/api/leads`, {
              method: "POST",
              headers: { host: HOST, "content-type": "application/json", "x-forwarded-for": `10.77.${Math.floor(w / 250)}.${w % 250}` },
              body: JSON.stringify(body),
            });
            const json = (await res.json().catch(() => null)) as { lead?: { id?: string } } | null;
            out.push({ status: res.status, id: json?.lead?.id ?? null, ms: performance.now() - t0 });
          } catch {
            out.push({ status: 0, id: null, ms: performance.now() - t0 });
          }
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, w) => worker(w)));
      return out;
    },
    { TRUST_PROXY: "true", BENCH_BASELINE: "true" },
  );
  // the server has stopped and released the embedded database: count what it stored
  const database = await openDatabase({ driver: "pglite", dataDir: DATA });
  try {
    const rows = await database.db.select({ id: leadsTable.id }).from(leadsTable);
    const stored = new Set(rows.map((r) => r.id));
    const created = sent.filter((s) => s.status === 201);
    const missing = created.filter((s) => !s.id || !stored.has(s.id)).length;
    const extra = rows.length - created.length;
    const statuses = Object.entries(sent.reduce<Record<string, number>>((m, s) => ((m[s.status] = (m[s.status] ?? 0) + 1), m), {}));
    return {
      sent: sent.length,
      created: created.length,
      rows: rows.length,
      missing,
      extra,
      statuses,
      p50: round(
        pct(
          sent.map((s) => s.ms),
          50,
        ),
      ),
      p95: round(
        pct(
          sent.map((s) => s.ms),
          95,
        ),
      ),
    };
  } finally {
    await database.close();
  }
}

/**
 * A restart mid-flight: 20 clients keep posting while the server is told to stop (SIGTERM) after
 * 100 answers. Every 201 must have its row; every other outcome must be an error the shopper sees
 * (a failed request shows the failure alert and keeps the form).
 */
async function restartMidFlight() {
  const server = await startServer({ port: PORT, dataDir: DATA, env: { LOG_LEVEL: "warn", TRUST_PROXY: "true", BENCH_BASELINE: "true" } });
  const exited = new Promise((r) => server.once("exit", r));
  const results: Array<{ status: number; id: string | null }> = [];
  let stopped = false;
  const worker = async (w: number) => {
    for (let i = 0; i < 15; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${PORT}/api/leads`, {
          method: "POST",
          headers: { host: HOST, "content-type": "application/json", "x-forwarded-for": `10.88.0.${w}` },
          body: JSON.stringify({
            lead: {
              form: "finance",
              first_name: "Restart",
              last_name: "Test",
              email: `r${w}-${i}@example.com`,
              phone: "0412 345 678",
              postcode: "3134",
            },
          }),
        });
        const json = (await res.json().catch(() => null)) as { lead?: { id?: string } } | null;
        results.push({ status: res.status, id: json?.lead?.id ?? null });
      } catch {
        results.push({ status: 0, id: null }); // connection refused or reset: the shopper sees the failure alert
      }
      if (!stopped && results.length >= 100) {
        stopped = true;
        server.kill("SIGTERM");
      }
    }
  };
  await Promise.all(Array.from({ length: 20 }, (_, w) => worker(w)));
  await exited;
  const database = await openDatabase({ driver: "pglite", dataDir: DATA });
  try {
    const stored = new Set((await database.db.select({ id: leadsTable.id }).from(leadsTable)).map((r) => r.id));
    const created = results.filter((r) => r.status === 201);
    return {
      sent: results.length,
      created: created.length,
      failed: results.length - created.length,
      rows: stored.size,
      missing: created.filter((r) => !r.id || !stored.has(r.id)).length,
    };
  } finally {
    await database.close();
  }
}

export async function runLeads(): Promise<void> {
  const l = await leads();
  const ok = l.missing === 0 && l.extra === 0;
  console.log(`
Leads: ${l.sent} POST /api/leads from ${CLIENTS} concurrent clients (PGlite)
  answers ${l.statuses.map(([s, n]) => `${s}×${n}`).join(", ")}; rows stored ${l.rows}
  every 201 has its row: ${l.missing === 0 ? "yes" : `NO (${l.missing} missing)`}; nothing else stored: ${l.extra === 0 ? "yes" : `NO (${l.extra} extra)`} → ${ok ? "PASS" : "FAIL"}
  latency p50 ${l.p50} ms   p95 ${l.p95} ms
`);
  if (!ok) process.exitCode = 1;
  const r = await restartMidFlight();
  const rok = r.missing === 0 && r.rows === r.created;
  console.log(`Restart mid-flight: ${r.sent} attempts by 20 clients, SIGTERM after 100 answers
  201×${r.created}, failed (shopper sees the error) ×${r.failed}; rows stored ${r.rows}; every 201 has its row: ${r.missing === 0 ? "yes" : `NO (${r.missing} missing)`} → ${rok ? "PASS" : "FAIL"}
`);
  if (!rok) process.exitCode = 1;
}
