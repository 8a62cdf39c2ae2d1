// What the cluster drill (npm run drill:cluster) and the cluster bench (npm run bench --
// --cluster) do to a running cluster (scripts/lib/cluster.ts): lead loads, kill -9 of one app
// process, a PostgreSQL restart under load. Each returns its counts and the promises it broke.
import autocannon from "autocannon";
import { readFileSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import postgres from "postgres";
import type { Cluster } from "./cluster";
import { hostRequest } from "./host-request";

/** The p-th percentile (nearest rank; NaN for no values). */
export const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? NaN;
};
/** A percentile in whole milliseconds, as the reports give them. */
const ms = (xs: number[], p: number) => Math.round(pct(xs, p));

const leadBody = (tag: string, w: number, i: number) =>
  JSON.stringify({
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
  });

const hostOf = (cluster: Cluster) => `parkside-motor-group.localhost:${new URL(cluster.url).port}`;

/** One lead's outcome: its last answer, and every answer it got on the way (a retry's too). */
type Answer = { status: number; retryAfter: string | null; cut?: true };
type Sent = Answer & { id: string | null; ms: number; answers: Answer[] };

/** Answers a shopper's browser tries again (with the same Idempotency-Key): the front door or the app could not take it just now. */
const RETRIED = new Set([0, 502, 503, 504]);
const MAX_TRIES = 6;

/**
 * One lead, with its own Idempotency-Key, tried again with the same key after a dropped connection
 * or a 502/503/504 (as the browser's form does, a little more patiently): a lead the dead process
 * stored before it could answer is answered again, never stored twice.
 */
async function postLead(cluster: Cluster, tag: string, w: number, i: number, tries = MAX_TRIES): Promise<Sent> {
  const t0 = performance.now();
  const key = `${tag}-${w}-${i}`;
  const answers: Answer[] = [];
  let id: string | null = null;
  for (let attempt = 0; attempt < tries; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, 100 * 2 ** attempt));
    try {
      const res = await fetch(`${cluster.url}/api/leads`, {
        method: "POST",
        headers: { host: hostOf(cluster), "content-type": "application/json", "idempotency-key": key },
        body: leadBody(tag, w, i),
      });
      const json = (await res.json().catch(() => null)) as { lead?: { id?: string } } | null;
      id = json?.lead?.id ?? null;
      // a 201 cut short by a process killed mid-answer: the same key gets the whole answer
      const cut = res.status === 201 && !id;
      answers.push({ status: res.status, retryAfter: res.headers.get("retry-after"), ...(cut ? { cut: true as const } : {}) });
      if (cut) continue;
    } catch {
      answers.push({ status: 0, retryAfter: null });
    }
    if (!RETRIED.has(answers.at(-1)!.status)) break;
  }
  return { ...answers.at(-1)!, id, ms: performance.now() - t0, answers };
}

/** `clients` loops posting until `total` leads are sent; `during(answered)` runs after each answer. */
async function load(cluster: Cluster, tag: string, total: number, clients: number, during: (answered: number) => void): Promise<Sent[]> {
  const out: Sent[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      while (next < total) {
        const i = next++;
        out.push(await postLead(cluster, tag, w, i));
        during(out.length);
      }
    }),
  );
  return out;
}

/** Every answer the leads got, retries' too. */
const allAnswers = (sent: Sent[]) => sent.flatMap((s) => s.answers);

const statuses = (sent: Array<{ status: number }>) =>
  Object.fromEntries(Object.entries(sent.reduce<Record<number, number>>((m, s) => ((m[s.status] = (m[s.status] ?? 0) + 1), m), {})));

async function storedIds(cluster: Cluster, tag: string): Promise<Set<string>> {
  const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ id: string }[]>`select id from leads where email like ${`${tag}+%`}`;
    return new Set(rows.map((r) => r.id));
  } finally {
    await sql.end();
  }
}

/** Leads stored more than once (each lead's email is its own): rows beyond the first of each. */
async function duplicates(cluster: Cluster, tag: string): Promise<number> {
  const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql<{ n: number }[]>`
      select coalesce(sum(n - 1), 0)::int as n
      from (select count(*) as n from leads where email like ${`${tag}+%`} group by email) per_lead`;
    return row!.n;
  } finally {
    await sql.end();
  }
}

/** Waits (at most `ms`) until every lead's deliveries have been sent: a measured round starts with an empty outbox. */
export async function outboxDrained(cluster: Cluster, ms = 120_000): Promise<boolean> {
  const sql = postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} });
  try {
    for (const deadline = Date.now() + ms; Date.now() < deadline; await new Promise((r) => setTimeout(r, 250))) {
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from lead_deliveries where status = 'pending'`;
      if (row!.n === 0) return true;
    }
    return false;
  } finally {
    await sql.end();
  }
}

export type DrillResult = { report: Record<string, unknown>; failures: string[] };

/**
 * `total` leads from `clients` keep-alive connections through the front door (autocannon: the load
 * generator's own CPU stays small on a machine the server shares), then the rows are counted:
 * every 201 has its row and nothing else is stored.
 */
export async function leadBench(cluster: Cluster, total = 1000, clients = 50): Promise<DrillResult> {
  const tag = `bench${Date.now()}`;
  const latencies: number[] = [];
  const ids: string[] = [];
  const codes: Array<{ status: number }> = [];
  let n = 0;
  const t0 = performance.now();
  const instance = autocannon({
    url: cluster.url,
    connections: clients,
    amount: total,
    headers: { host: hostOf(cluster), "content-type": "application/json" },
    requests: [
      {
        method: "POST",
        path: "/api/leads",
        setupRequest: (req) => ({ ...req, body: leadBody(tag, n % clients, n++) }),
        onResponse: (status, body) => {
          codes.push({ status });
          const id = status === 201 ? (JSON.parse(body) as { lead?: { id?: string } }).lead?.id : undefined;
          if (id) ids.push(id);
        },
      },
    ],
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  let last = t0;
  instance.on("response", (_c: unknown, _s: number, _b: number, rt: number) => {
    latencies.push(rt);
    last = performance.now();
  });
  const r = await instance;
  // to the last answer (autocannon itself finishes on its next one-second tick)
  const seconds = (last - t0) / 1000;
  const stored = await storedIds(cluster, tag);
  const missing = ids.filter((id) => !stored.has(id)).length;
  const report = {
    sent: codes.length,
    statuses: statuses(codes),
    rows: stored.size,
    missing,
    errors: r.errors + r.timeouts,
    leadsPerSecond: Math.round(codes.length / seconds),
    p50ms: ms(latencies, 50),
    p95ms: ms(latencies, 95),
  };
  const failures: string[] = [];
  if (missing) failures.push(`${missing} acknowledged leads are not stored`);
  if (stored.size !== ids.length) failures.push(`${stored.size} rows for ${ids.length} acknowledged leads`);
  if (ids.length !== total) failures.push(`${total - ids.length} of ${total} leads were not acknowledged`);
  return { report, failures };
}

/** kill -9 one of the app processes after `killAt` answers; every acknowledged lead must be stored and the front door must route around it. */
export async function killDrill(cluster: Cluster, o: { total: number; clients: number; killAt: number }): Promise<DrillResult> {
  const tag = `kill${Date.now()}`;
  let killed = false;
  const t0 = performance.now();
  const sent = await load(cluster, tag, o.total, o.clients, (n) => {
    if (!killed && n >= o.killAt) {
      killed = true;
      cluster.crash(cluster.apps.length - 1);
    }
  });
  const seconds = (performance.now() - t0) / 1000;
  // acknowledged: a whole 201 answer with the lead's id (a process killed mid-answer leaves a cut body: an error to the shopper)
  const acked = sent.filter((s) => s.status === 201 && s.id);
  const stored = await storedIds(cluster, tag);
  const doubled = await duplicates(cluster, tag);
  const lost = acked.filter((s) => !s.id || !stored.has(s.id)).length;
  const errors = sent.length - acked.length;
  const report = {
    drill: `kill -9 one of ${cluster.apps.length} app processes`,
    sent: sent.length,
    acknowledged: acked.length,
    stored: stored.size,
    lost,
    duplicates: doubled,
    errors,
    errorRate: `${((errors / sent.length) * 100).toFixed(1)}%`,
    statuses: statuses(sent),
    "answers, retries included": statuses(allAnswers(sent)),
    retried: sent.filter((s) => s.answers.length > 1).length,
    cutAnswers: allAnswers(sent).filter((a) => a.cut).length,
    leadsPerSecond: Math.round(sent.length / seconds),
    p50ms: ms(
      sent.map((s) => s.ms),
      50,
    ),
    p95ms: ms(
      sent.map((s) => s.ms),
      95,
    ),
  };
  const failures: string[] = [];
  if (lost) failures.push(`${lost} acknowledged leads are not stored`);
  if (stored.size < acked.length) failures.push("fewer rows than acknowledgements");
  if (doubled) failures.push(`${doubled} leads stored twice: a retry with the same Idempotency-Key made a second lead`);
  // retried with their keys, the requests the dead process held end as 201 too
  if (errors) failures.push(`${errors} leads still unanswered after ${MAX_TRIES} tries`);
  if (stored.size !== acked.length) failures.push(`${stored.size} rows for ${acked.length} acknowledged leads`);
  if (sent.slice(-Math.floor(o.total / 4)).some((s) => s.status !== 201))
    failures.push("the front door did not route around the dead process");
  await cluster.revive(cluster.apps.length - 1);
  return { report, failures };
}

/** PostgreSQL restarted while 20 clients send 600 leads: 201 or 503 with Retry-After, never a 500; recovery without restarting the apps. */
export async function restartDrill(cluster: Cluster): Promise<DrillResult> {
  const tag = `pg${Date.now()}`;
  let restarted: Promise<void> | null = null;
  const sent = await load(cluster, tag, 600, 20, (n) => {
    if (!restarted && n >= 100) restarted = cluster.restartDatabase();
  });
  await restarted;
  // recovery: rounds of 20 leads until one round is all stored (a pooled connection that died with
  // the old server fails once, as a 503, and is replaced), for at most 30 s, no app restarted
  const back = performance.now();
  let after: Sent[] = [];
  for (let round = 0; round < 30; round++) {
    // one try each: recovery is measured by first answers, not by retries
    after = await Promise.all(Array.from({ length: 20 }, (_, i) => postLead(cluster, tag, 100 + round, i, 1)));
    if (after.every((s) => s.status === 201)) break;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const recoveredInSeconds = Math.round((performance.now() - back) / 100) / 10;
  const acked = sent.filter((s) => s.status === 201 && s.id);
  const stored = await storedIds(cluster, tag);
  const doubled = await duplicates(cluster, tag);
  // every answer counts here, retries' too: each must be a 201 or a clear 503
  const answers = allAnswers(sent);
  const s503 = answers.filter((s) => s.status === 503);
  const report = {
    drill: "PostgreSQL restarted under load",
    sent: sent.length,
    acknowledged: acked.length,
    lost: acked.filter((s) => !s.id || !stored.has(s.id)).length,
    duplicates: doubled,
    statuses: statuses(sent),
    "answers, retries included": statuses(answers),
    "503 without Retry-After": s503.filter((s) => !s.retryAfter).length,
    afterRecovery: statuses(after),
    recoveredInSeconds,
  };
  const failures: string[] = [];
  if (report.lost) failures.push("acknowledged leads lost across the database restart");
  if (after.some((s) => s.id && !stored.has(s.id))) failures.push("a lead acknowledged after recovery is not stored");
  if (answers.some((s) => s.status >= 500 && s.status !== 503) || answers.some((s) => s.status === 0))
    failures.push("a 500 (or a dropped connection) during the restart");
  if (doubled) failures.push(`${doubled} leads stored twice: a retry with the same Idempotency-Key made a second lead`);
  if (report["503 without Retry-After"]) failures.push("a 503 without Retry-After");
  if (after.some((s) => s.status !== 201)) failures.push("the apps did not recover after the database came back");
  return { report, failures };
}

/**
 * The shared page cache's copy of a page (HTTP_CACHE_SHARED=postgres), as text; null when there is
 * none. Its rows are keyed by the build the apps serve (this checkout's .next/BUILD_ID) and the page.
 */
async function sharedCopy(db: postgres.Sql, key: string): Promise<string | null> {
  const build = readFileSync(".next/BUILD_ID", "utf8").trim();
  const [row] = await db<Array<{ body: Buffer }>>`select body from page_cache where key = ${`${build}|${key}`}`;
  return row ? gunzipSync(row.body).toString("utf8") : null;
}

/**
 * A change made through one app process purges the pages it touches in every process, at
 * once. Both apps hold a car's page and another car's page in their page caches; a manager changes
 * the car's price through app 0's back-office API; every app must serve the new price within 2 s,
 * and the other car's page must still come from its cache.
 *
 * With the shared page cache on (`shared`: the apps run with HTTP_CACHE_SHARED=postgres), a page
 * drawn by app 0 is first served by app 1 from it, and the change must also leave no copy with the
 * old price there within the 2 s (a copy with the new price may be back by then).
 */
export async function purgeDrill(cluster: Cluster, o: { shared?: boolean } = {}): Promise<DrillResult> {
  const site = "parkside-motor-group.localhost";
  const direct = (i: number, path: string, host = site, init?: Parameters<typeof hostRequest>[3]) =>
    hostRequest(cluster.apps[i]!.port, host, path, init);
  const page = async (i: number, path: string) => {
    const r = await direct(i, path);
    return { status: r.status, cache: r.headers["x-cache"], body: r.body };
  };
  // two cars from the search page, by their ids (each card's heart) and addresses
  const list = (await page(0, "/search/new-used-and-demo-cars?sort=price-desc")).body;
  const cards = [...list.matchAll(/<h3><a href="(\/cars\/[^"]+)"[\s\S]*?data-fav="(\d+)"/g)].map((m) => ({
    href: m[1]!,
    id: Number(m[2]),
  }));
  const car = cards[0]!;
  const carPage = await page(0, car.href);
  const other = cards.find((c) => c.id !== car.id && !carPage.body.includes(`href="${c.href}"`))!;
  const db = o.shared ? postgres(cluster.databaseUrl, { max: 1, onnotice: () => {} }) : null;
  const keyOf = (path: string) => `${site}|${path}`;
  // shared: app 1's first request for a page app 0 drew is served from the shared tier, not drawn
  let sharedFirst: unknown = "off";
  if (db) {
    const third = cards.find((c) => c.id !== car.id && c.id !== other.id)!;
    await page(0, third.href);
    await new Promise((r) => setTimeout(r, 200)); // the shared copy is written after the answer
    sharedFirst = (await page(1, third.href)).cache;
  }
  for (const i of [0, 1]) for (const path of [car.href, other.href, car.href, other.href]) await page(i, path);
  const warm = await Promise.all([0, 1].map((i) => page(i, car.href)));
  const oldPrice = /\$\d{1,3}(,\d{3})+/.exec(warm[0]!.body)?.[0] ?? "";
  const sharedBefore = db ? await sharedCopy(db, keyOf(car.href)) : null;

  // the manager signs in on app 0 and changes the price there
  const admin = "admin.localhost";
  const signIn = await direct(0, "/api/admin/sign-in", admin, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "manager@parksidemotorgroup.com.au", password: "demo-staff-2026" }),
  });
  const cookie = (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
  const next = carPage.body.includes("$54,321") ? 54_322 : 54_321;
  const money = `$${next.toLocaleString("en-AU")}`;
  const t0 = performance.now();
  const put = await direct(0, `/api/admin/sites/1001/vehicles/${car.id}`, admin, {
    method: "PUT",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ price: next, odometer: 0, status: "in_stock", show_on_dealer_website: true, description: "" }),
  });
  // every app serves the new price, and the shared tier holds no copy with the old one: how long after the write was acknowledged
  const acked = performance.now();
  const since = () => Math.round(performance.now() - acked);
  const seen: number[] = [NaN, NaN];
  let sharedGoneMs = db ? NaN : 0;
  while (performance.now() - acked < 10_000 && (seen.some(Number.isNaN) || Number.isNaN(sharedGoneMs))) {
    for (const i of [0, 1]) if (Number.isNaN(seen[i]!) && (await page(i, car.href)).body.includes(money)) seen[i] = since();
    if (db && Number.isNaN(sharedGoneMs)) {
      const copy = await sharedCopy(db, keyOf(car.href));
      if (copy === null || copy.includes(money)) sharedGoneMs = since();
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  const seenMs = Math.max(...seen);
  const kept = await Promise.all([0, 1].map((i) => page(i, other.href)));
  await db?.end({ timeout: 2 });
  // each process's page cache as /api/health reports it (the shared tier's mean lookup time among it)
  const health = await Promise.all(
    [0, 1].map(async (i) => {
      const body = (await direct(i, "/api/health")).body;
      let h: { pageCache?: Record<string, unknown> & { shared?: Record<string, unknown> } } = {};
      try {
        h = JSON.parse(body) as typeof h;
      } catch {
        // a figure, not a promise: an unreadable health answer leaves it empty
      }
      const c = h.pageCache ?? {};
      return {
        hits: c.hits,
        sharedHits: c.sharedHits,
        misses: c.misses,
        hashMsPerPage: c.hashMsPerPage,
        cspBytesPerPage: c.cspBytesPerPage,
        sharedLookupMs: c.shared?.lookupMsMean ?? null,
      };
    }),
  );
  const report = {
    drill: "a price change on one app process reaches every process's page cache",
    signIn: signIn.status === 200 ? 200 : `${signIn.status} ${signIn.body}`,
    put: put.status,
    writeMs: Math.round(acked - t0),
    "cached before the change (app 0, app 1)": warm.map((w) => w.cache),
    "new price served by (app 0, app 1) after (ms)": seen,
    "another car's page after (app 0, app 1)": kept.map((k) => k.cache),
    "page caches (app 0, app 1)": health,
    ...(db
      ? {
          "app 1's first answer for a page app 0 drew": sharedFirst,
          "shared copy before the change had the old price": Boolean(oldPrice && sharedBefore?.includes(oldPrice)),
          "old price gone from the shared tier after (ms)": sharedGoneMs,
        }
      : {}),
  };
  const failures: string[] = [];
  if (signIn.status !== 200 || put.status !== 200) failures.push("the manager could not change the price");
  if (warm.some((w) => w.cache !== "HIT")) failures.push("the car's page was not in both page caches before the change");
  if (!(seenMs <= 2000)) failures.push(`not every app served the new price within 2 s (${seen.join(", ")} ms)`);
  if (db) {
    if (sharedFirst !== "HIT") failures.push(`app 1 drew a page app 0 had stored in the shared tier (${String(sharedFirst)})`);
    if (!oldPrice || !sharedBefore?.includes(oldPrice)) failures.push("the car's page was not in the shared tier before the change");
    if (!(sharedGoneMs <= 2000)) failures.push(`the shared tier still held the old price after 2 s (${sharedGoneMs} ms)`);
  }
  if (kept.some((k) => k.cache !== "HIT")) failures.push("a page that does not show the car left a page cache");
  return { report, failures };
}
