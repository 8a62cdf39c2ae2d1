// npm run drill:delivery — lead delivery drills, on loopback, against a real SMTP server
// (smtp-server, slowed to 25 ms a message so that deliveries are in flight when the drill strikes):
//
//   kill    (default) 60 leads on parkside = 120 jobs (each location's email + the CRM's ADF), sent
//           while the mail server is down; it comes back, and as the retries go out the app is
//           killed with kill -9, then restarted on the same database:
//           every job is delivered, none lost; deduplicated by the lead's id (ADF <id>, as a CRM
//           does) exactly once; the raw repeats (sent, then killed before it was recorded) are counted.
//   shared  two app processes on one PostgreSQL (DATABASE_URL, an empty database), 200 leads sent
//           to both in turn: every job delivered exactly once by one of them, no repeats at all.
//
// Exits non-zero when a job is lost (or, in shared, delivered twice). Builds first if needed.
import { spawn, type ChildProcess } from "node:child_process";
import { leadIdOf, startSmtpSink } from "./lib/smtp-sink";
import { ensureBuild, freshDataDir, waitForHealth } from "./lib/server-process";

const mode = process.argv[2] ?? "kill";
if (mode !== "kill" && mode !== "shared") throw new Error(`unknown drill "${mode}": kill or shared`);
if (mode === "shared" && !process.env.DATABASE_URL) throw new Error("the shared drill needs DATABASE_URL (an empty PostgreSQL database)");
ensureBuild();

// the SMTP server: every message's recipients and the lead id in its ADF attachment's name
const received: Array<{ key: string }> = [];
const onMessage = (rcptTo: string[], raw: string) => {
  for (const to of rcptTo) received.push({ key: `${to} ${leadIdOf(raw) ?? "?"}` });
};
let smtp = await startSmtpSink(onMessage, 25);
const SMTP_URL = smtp.url;
const SMTP_PORT = Number(new URL(SMTP_URL).port);

const DATA = ".data/drill-delivery";
const env = (port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  DATA_DIR: DATA,
  SMTP_URL,
  LOG_LEVEL: "error",
  LEAD_RATE_LIMIT: "100000",
  HTTP_CACHE_TTL_SECONDS: "0",
  ...(process.env.DATABASE_URL ? { SEED_DEMO_DATA: "true" } : {}),
});
const children: ChildProcess[] = [];
// whatever happens, no app process outlives the drill
process.on("exit", () => children.forEach((c) => c.exitCode === null && c.kill("SIGKILL")));
function start(port: number): ChildProcess {
  const child = spawn(process.execPath, ["dist/server.mjs"], { env: env(port), stdio: ["ignore", "ignore", "inherit"] });
  children.push(child);
  return child;
}

const LOCATIONS: Record<number, { email: string; dealership: string }> = {
  10011: { email: "suzuki@parksidemotorgroup.com.au", dealership: "parkside-suzuki" },
  10012: { email: "mazda@parksidemotorgroup.com.au", dealership: "parkside-mazda" },
  10013: { email: "mercedes@parksidemotorgroup.com.au", dealership: "parkside-mercedes-benz" },
};
const CRM = "crm@parksidemotorgroup.com.au";
const expected = new Set<string>();

async function postLead(port: number, i: number): Promise<void> {
  const location = Number(Object.keys(LOCATIONS)[i % 3]);
  const res = await fetch(`http://127.0.0.1:${port}/api/leads`, {
    method: "POST",
    headers: { host: "parkside-motor-group.localhost", "content-type": "application/json" },
    body: JSON.stringify({
      lead: {
        form: "contact",
        first_name: "Drill",
        last_name: "Shopper",
        email: `drill${i}@example.com`,
        phone: "0412 345 678",
        postcode: "3134",
        dealership_slug: LOCATIONS[location]!.dealership,
        location,
        message: `Drill lead ${i}`,
      },
    }),
  });
  if (res.status !== 201) throw new Error(`lead ${i}: ${res.status} ${await res.text()}`);
  const id = ((await res.json()) as { lead: { id: string } }).lead.id;
  expected.add(`${LOCATIONS[location]!.email} ${id}`);
  expected.add(`${CRM} ${id}`);
}

async function backlog(port: number): Promise<number> {
  const h = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as { leadDelivery: { undelivered: number } };
  return h.leadDelivery.undelivered;
}
async function drained(port: number, seconds: number): Promise<boolean> {
  for (let i = 0; i < seconds * 4; i++) {
    if ((await backlog(port)) === 0 && received.length >= expected.size) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}
const killed = (p: ChildProcess) => new Promise((r) => (p.exitCode !== null ? r(null) : p.once("exit", r)));

let failed = false;
function report(label: string) {
  const seen = new Map<string, number>();
  for (const r of received) seen.set(r.key, (seen.get(r.key) ?? 0) + 1);
  const lost = [...expected].filter((k) => !seen.has(k)).length;
  const repeats = [...seen.values()].reduce((n, c) => n + c - 1, 0);
  const stray = [...seen.keys()].filter((k) => !expected.has(k)).length;
  console.log(`${label}: ${expected.size} jobs, ${seen.size - stray} delivered, ${lost} lost, ${repeats} raw repeats, ${stray} unexpected`);
  return { lost, repeats, stray };
}

if (!process.env.DATABASE_URL) freshDataDir(DATA);
if (mode === "kill") {
  const PORT = 3520;
  let app = start(PORT);
  await waitForHealth(PORT);
  // the mail server is down while the leads come in: every job fails once and waits for its retry
  await smtp.close();
  for (let i = 0; i < 60; i++) await postLead(PORT, i);
  smtp = await startSmtpSink(onMessage, 25, SMTP_PORT);
  // strike as the retries start going out
  while (received.length < 6) await new Promise((r) => setTimeout(r, 5));
  app.kill("SIGKILL");
  await killed(app);
  const sentBefore = new Set(received.map((r) => r.key)).size;
  console.log(`kill -9 with ${expected.size - sentBefore} of ${expected.size} jobs undelivered`);
  app = start(PORT); // the same database: its lock is stale, the outbox intact
  await waitForHealth(PORT);
  const ok = await drained(PORT, 120);
  const r = report("after the restart");
  failed = !ok || r.lost > 0 || r.stray > 0 || r.repeats > 8; // at most the messages in flight at the kill (8 at a time)
  app.kill("SIGTERM");
  await killed(app);
} else {
  const ports = [3521, 3522];
  const apps = [start(ports[0]!)];
  await waitForHealth(ports[0]!); // the first migrates and seeds (under the advisory lock)
  apps.push(start(ports[1]!));
  await waitForHealth(ports[1]!);
  await Promise.all(Array.from({ length: 200 }, (_, i) => postLead(ports[i % 2]!, i)));
  const ok = await drained(ports[0]!, 180);
  const r = report("two processes, one PostgreSQL");
  failed = !ok || r.lost > 0 || r.stray > 0 || r.repeats > 0;
  for (const a of apps) a.kill("SIGTERM");
  await Promise.all(apps.map(killed));
}
await smtp.close();
if (!process.env.DATABASE_URL) freshDataDir(DATA);
console.log(failed ? "DRILL FAILED" : "drill passed");
process.exit(failed ? 1 : 0);
