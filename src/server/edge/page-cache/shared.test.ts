import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync, gzipSync } from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { recordPageTags, trackPageTags } from "@/server/cache/page-tags";
import type { Db } from "@/server/db/client";
import { createTestDatabase } from "@/server/testing/test-db";
import { purgePageCopies } from "@/server/repositories/page-cache";
import { purgeThenPublish } from "../announce";
import { EdgeResponse } from "../response";
import { createPageCache } from "./index";
import { createSharedPageCache, type SharedTier } from "./shared";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());
beforeEach(async () => {
  await db.execute(sql`delete from page_cache`);
  await db.execute(sql`delete from page_cache_purges`);
});

const copy = (text: string, tags: string[]) => ({
  headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": "script-src 'self' 'sha256-x'" },
  gzip: gzipSync(text),
  tags,
});
const tier = (o: Partial<Parameters<typeof createSharedPageCache>[1]> = {}) =>
  createSharedPageCache(db, { ttlMs: 60_000, maxBytes: 1e9, ...o });
/** PGlite answers { rows }, postgres.js (CI's data-layer run) an array. */
const rowsOf = <R>(r: unknown): R[] => (Array.isArray(r) ? (r as R[]) : (r as { rows: R[] }).rows);
const purgeNumber = async (tag: string) =>
  Number(rowsOf<{ seq: unknown }>(await db.execute(sql`select seq from page_cache_purges where tag = ${tag}`))[0]?.seq);
/** A render as page-cache.ts runs one: note the purge number, draw, store. */
async function render(t: SharedTier, key: string, text: string, tags: string[]) {
  const { seq } = await t.get(key);
  await t.put(key, copy(text, tags), seq!);
}

describe(`shared page cache (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  test("a stored copy is served to every process with its headers, by the database's clock", async () => {
    const a = tier();
    const b = tier(); // another process
    expect((await b.get("h|/x")).copy).toBeNull();
    await render(a, "h|/x", "<p>x</p>", ["site:1"]);
    const { copy: got } = await b.get("h|/x");
    expect(got).toMatchObject({ tags: ["site:1"], headers: { "content-security-policy": "script-src 'self' 'sha256-x'" } });
    expect(got!.gzip.equals(gzipSync("<p>x</p>"))).toBe(true);
    expect(got!.ageMs).toBeGreaterThanOrEqual(0);
    expect(got!.ageMs).toBeLessThan(5_000);
    expect(b.snapshot()).toMatchObject({ hits: 1, misses: 1 });
  });

  test("a purge in one process takes every copy under its tags, and only those", async () => {
    const a = tier();
    const b = tier();
    await render(a, "h|/car/7", "car 7", ["site:1", "vehicle:1:7"]);
    await render(a, "h|/car/8", "car 8", ["site:1", "vehicle:1:8"]);
    await b.purge(["vehicle:1:7"]);
    expect((await a.get("h|/car/7")).copy).toBeNull();
    expect((await a.get("h|/car/8")).copy).not.toBeNull();
    expect(await a.trim()).toEqual({ rows: 1, bytes: gzipSync("car 8").length });
  });

  test("a render that began before a purge of its tags is not stored", async () => {
    const a = tier();
    const { seq } = await a.get("h|/list");
    await tier().purge(["stock:1"]); // the change lands while the page is drawn
    await a.put("h|/list", copy("old list", ["site:1", "stock:1"]), seq!);
    expect((await a.get("h|/list")).copy).toBeNull();
    // drawn again after the purge: kept
    await render(a, "h|/list", "new list", ["site:1", "stock:1"]);
    expect((await a.get("h|/list")).copy!.gzip.equals(gzipSync("new list"))).toBe(true);
  });

  test("a copy written after a purge by a render that began before it never serves and is trimmed", async () => {
    const a = tier();
    const { seq } = await a.get("h|/list");
    await a.purge(["stock:1"]);
    // the slow render's insert as if it had passed its own check before the purge committed
    await db.execute(sql`insert into page_cache (key, headers, body, bytes, tags, began_seq)
      values ('h|/list', '{}'::jsonb, ${gzipSync("old")}, 3, array['stock:1']::text[], ${seq!})`);
    expect((await a.get("h|/list")).copy).toBeNull();
    expect(await a.trim()).toEqual({ rows: 0, bytes: 0 });
  });

  test("an older render never overwrites a newer one's copy", async () => {
    const a = tier();
    const { seq: old } = await a.get("h|/p");
    await a.purge(["site:9"]); // moves the sequence on (another site)
    await render(a, "h|/p", "newer", ["site:1"]);
    await a.put("h|/p", copy("older", ["site:1"]), old!);
    expect((await a.get("h|/p")).copy!.gzip.equals(gzipSync("newer"))).toBe(true);
  });

  test("in the purging process a copy under the tags is not used while the delete is under way", async () => {
    let hold: (() => void) | undefined;
    // the purge's statement waits until released (a slow commit)
    const slow = {
      execute: (q: Parameters<Db["execute"]>[0]) =>
        hold === undefined
          ? db.execute(q)
          : new Promise<void>((r) => {
              const release = hold!;
              hold = () => (release(), r());
            }).then(() => db.execute(q)),
    } as unknown as Db;
    const a = createSharedPageCache(slow, { ttlMs: 60_000, maxBytes: 1e9 });
    await render(a, "h|/car/7", "car 7", ["vehicle:1:7"]);
    await render(a, "h|/car/8", "car 8", ["vehicle:1:8"]);
    hold = () => {};
    const purging = a.purge(["vehicle:1:7"]);
    const release = hold;
    hold = undefined;
    expect((await a.get("h|/car/7")).copy).toBeNull(); // still in the table, not used
    expect((await a.get("h|/car/8")).copy).not.toBeNull();
    release();
    await purging;
    expect(a.snapshot()).toMatchObject({ voided: 1 });
    expect((await a.get("h|/car/7")).copy).toBeNull();
  });

  test("a tag's purge number never goes back: a purge that drew an earlier number but wrote last leaves the later", async () => {
    // purge B drew a later number and wrote it first; purge A, with its earlier one, writes now
    await db.execute(sql`insert into page_cache_purges (tag, seq) values ('stock:1', 1000000)`);
    await tier().purge(["stock:1", "site:1"]);
    expect(await purgeNumber("stock:1")).toBe(1000000);
    expect(await purgeNumber("site:1")).toBeLessThan(1000000);
    // so a render that noted a number before B's is still void
    const a = tier();
    await a.put("h|/list", copy("pre-B list", ["stock:1"]), 999999);
    expect((await a.get("h|/list")).copy).toBeNull();
  });

  test("purges of the same tags named in opposite orders, at once, all finish (they lock in one order: no deadlock)", async () => {
    const tags = Array.from({ length: 12 }, (_, i) => `vehicle:1:${i}`);
    for (const t of tags) await render(tier(), `h|/${t}`, t, ["site:1", t]);
    const runs = Array.from({ length: 16 }, (_, i) => tier().purge(i % 2 ? tags : [...tags].reverse()));
    await expect(Promise.all(runs)).resolves.toHaveLength(16);
    expect(rowsOf(await db.execute(sql`select 1 from page_cache`))).toHaveLength(0);
  });

  test("a process without the tier (a dashboard, a CLI) purges the same copies, and an unmigrated database is no error", async () => {
    await render(tier(), "h|/car/7", "car 7", ["vehicle:1:7"]);
    await purgePageCopies(db, ["vehicle:1:7", "vehicle:1:7"]);
    expect((await tier().get("h|/car/7")).copy).toBeNull();
    const unmigrated = { execute: () => Promise.reject(Object.assign(new Error("no table"), { code: "42P01" })) } as unknown as Db;
    await expect(purgePageCopies(unmigrated, ["site:1"])).resolves.toBeUndefined();
    const down = { execute: () => Promise.reject(Object.assign(new Error("down"), { code: "57P01" })) } as unknown as Db;
    await expect(purgePageCopies(down, ["site:1"])).rejects.toThrow("down");
  });

  test("copies are kept per build: a new build's process never serves an old build's page, and its trim deletes them", async () => {
    const old = tier({ build: "b1" });
    const next = tier({ build: "b2" });
    await render(old, "h|/", "old build's page", ["site:1"]);
    expect((await old.get("h|/")).copy).not.toBeNull();
    expect((await next.get("h|/")).copy).toBeNull();
    await render(next, "h|/", "new build's page", ["site:1"]);
    expect((await next.trim())!.rows).toBe(1);
    expect((await old.get("h|/")).copy).toBeNull();
    expect((await next.get("h|/")).copy!.gzip.equals(gzipSync("new build's page"))).toBe(true);
  });

  test("only one process trims in the interval: the others' asks return at once", async () => {
    const [a, b] = [tier({ trimEveryMs: 50_000 }), tier({ trimEveryMs: 50_000 })];
    const both = await Promise.all([a.trim(), b.trim()]);
    expect(both.filter((r) => r !== null)).toEqual([{ rows: 0, bytes: 0 }]);
    expect(await a.trim()).toBeNull();
    // a minute on, the next ask trims
    await db.execute(sql`update page_cache_purges set purged_at = now() - interval '1 minute' where tag = 'trim:'`);
    expect(await b.trim()).toEqual({ rows: 0, bytes: 0 });
    expect(a.snapshot().trims + b.snapshot().trims).toBe(2);
  });

  test("the purge number a refresh notes is given up after the lookup timeout, as a lookup is", async () => {
    const stuck = { execute: () => new Promise(() => {}) } as unknown as Db;
    const t = createSharedPageCache(stuck, { ttlMs: 60_000, maxBytes: 1e9, lookupTimeoutMs: 30 });
    const began = Date.now();
    expect(await t.seq()).toBeNull();
    expect(Date.now() - began).toBeLessThan(1000);
    expect(t.snapshot().errors).toBe(1);
  });

  test("bounded: expired copies and the oldest beyond the bytes bound go at the trim", async () => {
    const a = tier({ maxBytes: 2 * gzipSync("x".repeat(100)).length });
    for (const k of ["1", "2", "3"]) await render(a, `h|/${k}`, "x".repeat(100), ["site:1"]);
    expect((await a.trim())!.rows).toBe(2);
    expect((await a.get("h|/1")).copy).toBeNull();
    expect((await a.get("h|/3")).copy).not.toBeNull();
    await db.execute(sql`update page_cache set stored_at = now() - interval '2 minutes'`);
    expect((await a.get("h|/3")).copy).toBeNull(); // older than the TTL: not served
    expect((await a.trim())!.rows).toBe(0);
  });
});

describe("purge, then announce", () => {
  const change = { sites: [1], tags: ["stock:1"] };
  test.each([
    ["purged at once", 0, 1, [change]],
    ["purged at the third try", 2, 3, [change]],
    [
      "not purged by the third try: announced marked (every process skips those shared copies), and tried later",
      3,
      4,
      [{ ...change, sharedStale: true }],
    ],
    ["never purged: announced marked, and the later tries give up", 9, 5, [{ ...change, sharedStale: true }]],
  ])("%s", async (_name, failures, tries, published) => {
    let calls = 0;
    const purge = async () => {
      if (calls++ < failures) throw new Error("database busy");
    };
    const out: unknown[] = [];
    const errors: unknown[] = [];
    const purged = await purgeThenPublish(purge, change, (c) => out.push(c), {
      delays: [1, 1],
      laterDelays: [1, 1],
      onError: (e) => errors.push(e),
    });
    expect(calls).toBe(tries);
    expect(out).toEqual(published);
    expect(purged).toBe(failures < 3);
    expect(errors).toHaveLength(failures < 3 ? 0 : failures < tries ? 1 : 2);
  });

  test("a change without page tags is announced without touching the tier", async () => {
    const out: unknown[] = [];
    await purgeThenPublish(
      () => Promise.reject(new Error("unused")),
      { sites: [], tags: [], photos: ["x"] },
      (c) => out.push(c),
    );
    expect(out).toEqual([{ sites: [], tags: [], photos: ["x"] }]);
  });
});

/*
 * Two app processes (two page caches, each with its own handle on the shared tier) in front of one
 * fake Next: what one draws the other serves without drawing, and a change purges every copy.
 */
const servers: Array<http.Server<typeof http.IncomingMessage, typeof EdgeResponse>> = [];
afterEach(() => Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r)))));

let price = 100;
const renders: string[] = [];

/** `ahead`: this process's clock runs that far ahead (its copies age sooner); `freshMs`: when they turn stale. */
async function processOf(name: string, clock: { ahead?: number; freshMs?: number } = {}) {
  const shared = createSharedPageCache(db, { ttlMs: 60_000, maxBytes: 1e9 });
  let port = 0;
  const cache = createPageCache({
    ttlMs: 60_000,
    freshMs: clock.freshMs,
    now: () => Date.now() + (clock.ahead ?? 0),
    nonceOf: (req) => req.headers["x-nonce"] as string | undefined,
    hashPolicy: (_req, hashes) => `script-src 'self' ${hashes.join(" ")}`,
    track: trackPageTags,
    shared,
    // with a fresh window, the server sends itself the page's request to draw it again, as src/server/edge/server.ts does
    refresh:
      clock.freshMs === undefined
        ? undefined
        : ({ url }) =>
            new Promise((resolve, reject) =>
              http
                .get({ host: "127.0.0.1", port, path: url, headers: { host: "a.localhost", "x-nonce": "R", "x-refresh": "1" } }, (res) =>
                  res.resume().on("end", resolve),
                )
                .on("error", reject),
            ),
    isRefresh: clock.freshMs === undefined ? undefined : (req) => req.headers["x-refresh"] === "1",
  });
  const next = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    renders.push(`${name} ${req.url}`);
    recordPageTags("site:1", "vehicle:1:7");
    const drawn = price;
    await new Promise((r) => setTimeout(r, 20));
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<script nonce="${String(req.headers["x-nonce"])}">go()</script><p>$${drawn}</p>`);
  };
  const server = http.createServer({ ServerResponse: EdgeResponse }, (req, res) => void cache.handle(next, req, res));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  // one host for both processes, as the front door sends it (fetch cannot set Host)
  const get = (path: string) =>
    new Promise<{ body: string; cache: unknown; csp: unknown }>((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port, path, headers: { host: "a.localhost", "x-nonce": `N${renders.length}` } }, (res) => {
          let body = "";
          res.setEncoding("utf8").on("data", (c: string) => (body += c));
          res.on("end", () => resolve({ body, cache: res.headers["x-cache"], csp: res.headers["content-security-policy"] }));
        })
        .on("error", reject),
    );
  /** a change made in this process: its own copy goes, the shared tier's, then the others hear (as src/server/edge/server.ts does) */
  const change = async (tags: string[], others: Array<{ cache: typeof cache }>) => {
    cache.purge(tags);
    await shared.purge(tags);
    for (const o of others) o.cache.purge(tags);
  };
  /** the server's own request to draw the page again (what `refresh` sends) */
  const refresh = (path: string) =>
    new Promise((resolve, reject) =>
      http
        .get({ host: "127.0.0.1", port, path, headers: { host: "a.localhost", "x-nonce": "R", "x-refresh": "1" } }, (res) =>
          res.resume().on("end", resolve),
        )
        .on("error", reject),
    );
  return { get, cache, shared, change, refresh };
}

/** Waits until the shared tier holds the page (written after the answer; slower on a busy machine). */
async function inShared(path: string) {
  for (let i = 0; i < 400; i++) {
    if (rowsOf(await db.execute(sql`select 1 from page_cache where key = ${`|a.localhost|${path}`}`)).length) return;
    await new Promise((r) => setTimeout(r, 5));
  }
}

test("a page drawn by one process is served by another from the shared tier, the same bytes and CSP, without drawing it", async () => {
  renders.length = 0;
  const [a, b] = [await processOf("a"), await processOf("b")];
  const first = await a.get("/cars/7");
  expect(first).toMatchObject({ cache: "MISS", body: '<script nonce="N0">go()</script><p>$100</p>' });
  await inShared("/cars/7"); // the shared copy is written after the answer
  const fromB = await b.get("/cars/7");
  expect(fromB).toMatchObject({ cache: "HIT", body: "<script>go()</script><p>$100</p>" });
  expect(fromB.csp).toMatch(/^script-src 'self' 'sha256-[A-Za-z0-9+/=]+'$/);
  expect(await a.get("/cars/7")).toEqual(fromB);
  expect(await b.get("/cars/7")).toEqual(fromB); // now from b's own copy
  expect(renders).toEqual(["a /cars/7"]);
  expect(b.cache.snapshot()).toMatchObject({ sharedHits: 1, hits: 1, misses: 0, shared: { hits: 1 } });
});

test("a stale copy is refreshed from a fresher shared copy another process drew, not drawn again in every process", async () => {
  renders.length = 0;
  price = 100;
  const clockOfB: { ahead?: number; freshMs: number } = { freshMs: 1000 };
  const [a, b] = [await processOf("a", { freshMs: 1000 }), await processOf("b", clockOfB)];
  await a.get("/cars/7");
  await inShared("/cars/7");
  expect(await b.get("/cars/7")).toMatchObject({ cache: "HIT" }); // b's own copy now
  clockOfB.ahead = 5000; // 5 s pass for b: its copy is stale (fresh for 1 s), while what a draws next is fresh
  price = 130; // a draws the page again (its own refresh), and the shared tier then holds the new copy
  await a.refresh("/cars/7");
  for (
    let i = 0;
    i < 400 &&
    !rowsOf(
      await db.execute(
        sql`select 1 from page_cache where body is not null and key like ${"%/cars/7"} and stored_at > now() - interval '1 second'`,
      ),
    ).length;
    i++
  )
    await new Promise((r) => setTimeout(r, 5));
  expect(await b.get("/cars/7")).toMatchObject({ cache: "STALE", body: expect.stringContaining("$100") });
  for (let i = 0; i < 200 && !(await b.get("/cars/7")).body.includes("$130"); i++) await new Promise((r) => setTimeout(r, 5));
  expect((await b.get("/cars/7")).body).toContain("$130");
  expect(renders).toEqual(["a /cars/7", "a /cars/7"]); // b drew nothing
  expect(b.cache.snapshot()).toMatchObject({ sharedRefreshes: 1 });
});

test("a change in one process: no process serves the old price again, none refills from a stale shared copy", async () => {
  renders.length = 0;
  price = 100;
  const [a, b] = [await processOf("a"), await processOf("b")];
  await a.get("/cars/7");
  await inShared("/cars/7");
  await b.get("/cars/7");
  price = 120;
  await a.change(["vehicle:1:7"], [b]);
  expect((await b.get("/cars/7")).body).toContain("$120");
  await new Promise((r) => setTimeout(r, 50));
  expect(await a.get("/cars/7")).toMatchObject({ cache: "HIT", body: "<script>go()</script><p>$120</p>" });
  expect(renders).toEqual(["a /cars/7", "b /cars/7"]);
});

test("a render that began before the change is stored in neither tier", async () => {
  renders.length = 0;
  price = 100;
  const [a, b] = [await processOf("a"), await processOf("b")];
  const slow = a.get("/cars/7"); // draws $100 for 20 ms
  // (once the render has read the price: the shared lookup before it may take a while on a busy machine)
  while (!renders.length) await new Promise((r) => setTimeout(r, 1));
  price = 130;
  await b.change(["vehicle:1:7"], [a]);
  expect((await slow).body).toContain("$100"); // this shopper had it as it was
  await new Promise((r) => setTimeout(r, 50));
  expect((await b.get("/cars/7")).body).toContain("$130");
  expect((await a.get("/cars/7")).body).toContain("$130");
});

test("a damaged shared copy is a miss (the page is drawn) and is deleted, never a failed request", async () => {
  renders.length = 0;
  price = 100;
  const a = await processOf("a");
  await db.execute(sql`insert into page_cache (key, headers, body, bytes, tags, began_seq)
    values ('|a.localhost|/cars/damaged', '{}'::jsonb, ${Buffer.from("not gzip")}, 8, array['vehicle:1:7']::text[], 0)
    on conflict (key) do update set body = excluded.body, headers = excluded.headers, began_seq = 0, stored_at = now()`); // (an earlier test's late write may be there)
  expect(await a.get("/cars/damaged")).toMatchObject({ cache: "MISS", body: '<script nonce="N0">go()</script><p>$100</p>' });
  const stored = async () => {
    const [row] = rowsOf<{ body: Uint8Array }>(await db.execute(sql`select body from page_cache where key = '|a.localhost|/cars/damaged'`));
    return row && Buffer.from(row.body).toString() !== "not gzip" ? gunzipSync(Buffer.from(row.body)).toString() : null;
  };
  for (let i = 0; i < 400 && !(await stored()); i++) await new Promise((r) => setTimeout(r, 5));
  expect(await stored()).toBe("<script>go()</script><p>$100</p>"); // the damaged row went; the render's copy took its place
  expect(renders).toEqual(["a /cars/damaged"]);
});

test("a change whose shared delete failed: every process draws those pages rather than refill from the stale shared copy", async () => {
  renders.length = 0;
  price = 100;
  const [a, b] = [await processOf("a"), await processOf("b")];
  await a.get("/cars/7");
  await new Promise((r) => setTimeout(r, 50));
  price = 140;
  // the notice arrives marked: the shared tier still holds the $100 copy
  a.cache.purge(["vehicle:1:7"], { sharedStale: true });
  b.cache.purge(["vehicle:1:7"], { sharedStale: true });
  expect((await b.get("/cars/7")).body).toContain("$140");
  expect(renders).toEqual(["a /cars/7", "b /cars/7"]);
});
