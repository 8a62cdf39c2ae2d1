import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createAnswerCache } from "./answer-cache";
import { createPlatformClient, PlatformHttpError, PlatformUnavailableError, readAnswer, type PlatformClientOptions } from "./client";

/*
 * The storefront's client of the dashboard, against a scripted fetch and a hand-moved clock: how
 * often it retries (at most 2 more times, never on a 4xx), how it reads an answer by its
 * type, and its one-week cache with revalidation, invalidation and a restart while the dashboard is down.
 */
const SESSION = { navigation: { header: [], footer: [] }, special_hours: [], locations: [] };
const SLUGS = { search_slugs: [{ slug: "mazda", kind: "make", filters: { make: "Mazda" } }] };
const WEEK = 604_800_000;

type Step = number | "network" | { status: number; body?: unknown; type?: string; etag?: string };

/** A fetch that answers each call with the next step (the last repeats), and records what it was sent. */
function scripted(steps: Step[]) {
  const calls: Array<{ url: string; headers: Record<string, string> }> = [];
  let i = 0;
  const fetch: typeof globalThis.fetch = (async (url: string, init?: RequestInit) => {
    calls.push({ url, headers: { ...(init?.headers as Record<string, string>) } });
    const step = steps[Math.min(i++, steps.length - 1)]!;
    if (step === "network") throw new TypeError("fetch failed");
    const s = typeof step === "number" ? { status: step } : step;
    const body = s.status === 304 ? null : typeof s.body === "string" ? s.body : JSON.stringify(s.body ?? SESSION);
    const headers: Record<string, string> = { "content-type": s.type ?? "application/json; charset=utf-8" };
    if (s.etag) headers.etag = s.etag;
    return new Response(body, { status: s.status, headers });
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function client(steps: Step[], more: Partial<PlatformClientOptions> = {}) {
  const { fetch, calls } = scripted(steps);
  const clock = { now: 1_000_000 };
  const sleeps: number[] = [];
  const logged: string[] = [];
  const c = createPlatformClient({
    baseUrl: "http://dashboard.test/",
    credentials: { user: "storefront", password: "secret" },
    cache: createAnswerCache(),
    revalidateMs: 60_000,
    fetch,
    now: () => clock.now,
    sleep: async (ms) => void sleeps.push(ms),
    log: { warn: (_, msg) => void logged.push(msg), error: (_, msg) => void logged.push(msg) },
    ...more,
  });
  return { c, calls, clock, sleeps, logged };
}

/** Lets a background revalidation finish. */
const settle = () => new Promise((r) => setTimeout(r, 0));

describe("retries (logged, then retried up to two more times)", () => {
  test.each([
    ["a 500", [500]],
    ["a 503", [503]],
    ["a network error", ["network"] as Step[]],
  ])("%s every time: exactly 3 requests, backoff 200 then 400 ms, each failure logged", async (_, steps) => {
    const { c, calls, sleeps, logged } = client(steps);
    await expect(c.websiteSession(1001)).rejects.toBeInstanceOf(PlatformUnavailableError);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([200, 400]);
    expect(logged.filter((m) => m === "platform API request failed")).toHaveLength(3);
    expect(c.state.up).toBe(false);
  });

  test("a failure then a success: 2 requests, the answer used", async () => {
    const { c, calls } = client([502, { status: 200 }]);
    expect(await c.websiteSession(1001)).toEqual(SESSION);
    expect(calls).toHaveLength(2);
    expect(c.state.up).toBe(true);
  });

  test.each([400, 401, 403, 404, 422])("a %i is never retried", async (status) => {
    const { c, calls } = client([status]);
    await expect(c.get("/websites/1001/pages/search_slugs.json", { auth: true })).rejects.toBeInstanceOf(PlatformHttpError);
    expect(calls).toHaveLength(1);
  });

  test("a 404 for search slugs or templates means no such site (null), after one request", async () => {
    const { c, calls } = client([404]);
    expect(await c.searchSlugs(1001)).toBeNull();
    expect(await c.searchPageTemplates(1001)).toBeNull();
    expect(calls).toHaveLength(2);
  });
});

describe("what each call sends", () => {
  test("the session call: JSON accept, no credentials; slugs and templates: Basic auth", async () => {
    const { c, calls } = client([{ status: 200 }, { status: 200, body: SLUGS }]);
    await c.websiteSession(1001);
    await c.searchSlugs(1001);
    expect(calls[0]!.url).toBe("http://dashboard.test/api/v1/websites/1001/website_session_data.json");
    expect(calls[0]!.headers).toEqual({ accept: "application/json" });
    expect(calls[1]!.url).toBe("http://dashboard.test/websites/1001/pages/search_slugs.json");
    expect(calls[1]!.headers.authorization).toBe(`Basic ${Buffer.from("storefront:secret").toString("base64")}`);
  });
});

describe("answers are read by their content type (blob, text or JSON)", () => {
  test.each([
    ["application/json", '{"a":1}', "json", { a: 1 }],
    ["application/json; charset=utf-8", "null", "json", null],
    ["application/problem+json", '{"title":"x"}', "json", { title: "x" }],
    ["text/plain; charset=utf-8", "hello", "text", "hello"],
    ["text/csv", "a,b", "text", "a,b"],
  ])("%s → %s", (type, body, kind, value) => {
    const a = readAnswer(type, new TextEncoder().encode(body));
    expect(a).toEqual({ kind, value });
  });

  test("anything else is a blob of that type, byte for byte", async () => {
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    const a = readAnswer("image/png", bytes);
    expect(a.kind).toBe("blob");
    if (a.kind !== "blob") return;
    expect(a.value.type).toBe("image/png");
    expect(new Uint8Array(await a.value.arrayBuffer())).toEqual(bytes);
  });

  test("a blob survives the cache (stored as base64)", async () => {
    const { c } = client([{ status: 200, body: "\u0000binary\u00ff", type: "application/octet-stream" }]);
    const first = await c.get("/files/logo");
    const second = await c.get("/files/logo");
    expect(first.kind).toBe("blob");
    expect(second.kind === "blob" && new Uint8Array(await second.value.arrayBuffer())).toEqual(
      first.kind === "blob" && new Uint8Array(await first.value.arrayBuffer()),
    );
  });

  test("JSON that does not follow the contract is refused, not used", async () => {
    const { c } = client([{ status: 200, body: { navigation: "nope" } }]);
    await expect(c.websiteSession(1001)).rejects.toThrow(/does not follow the contract/);
  });
});

describe("the one-week cache (604800 s) with stale-while-revalidate", () => {
  test("fresh: served from the cache without a request", async () => {
    const { c, calls, clock } = client([{ status: 200, etag: '"v1"' }]);
    await c.websiteSession(1001);
    clock.now += 59_000;
    await c.websiteSession(1001);
    expect(calls).toHaveLength(1);
  });

  test("older than the revalidation age: served at once, revalidated in the background with If-None-Match (304 keeps it)", async () => {
    const { c, calls, clock } = client([
      { status: 200, etag: '"v1"' },
      { status: 304, etag: '"v1"' },
    ]);
    await c.websiteSession(1001);
    clock.now += 61_000;
    expect(await c.websiteSession(1001)).toEqual(SESSION);
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers["if-none-match"]).toBe('"v1"');
    await c.websiteSession(1001); // refreshed by the 304: fresh again
    expect(calls).toHaveLength(2);
  });

  test("a background revalidation that brings new data serves it from then on", async () => {
    const changed = {
      ...SESSION,
      special_hours: [{ date: "2026-12-25", name: "Christmas Day", status: "Closed", start_hour: null, end_hour: null, location_id: null }],
    };
    const { c, clock } = client([
      { status: 200, etag: '"v1"' },
      { status: 200, etag: '"v2"', body: changed },
    ]);
    await c.websiteSession(1001);
    clock.now += 61_000;
    expect(await c.websiteSession(1001)).toEqual(SESSION); // stale while revalidating
    await settle();
    expect(await c.websiteSession(1001)).toEqual(changed);
  });

  test("the dashboard down: the cached answer serves for the rest of its week, then the error shows", async () => {
    const { c, clock, logged } = client([{ status: 200 }, 503]);
    await c.websiteSession(1001);
    clock.now += WEEK - 1000;
    expect(await c.websiteSession(1001)).toEqual(SESSION);
    await settle();
    expect(logged).toContain("platform API revalidation failed: serving the cached answer");
    clock.now += 2000; // a week and a second old: no longer served
    await expect(c.websiteSession(1001)).rejects.toBeInstanceOf(PlatformUnavailableError);
  });

  test("invalidating a site (the webhook) fetches its answers before serving them again; other sites keep theirs", async () => {
    const { c, calls } = client([{ status: 200, etag: '"v1"' }]);
    await c.websiteSession(1001);
    await c.websiteSession(1002);
    expect(c.invalidateSite(1001)).toBe(1);
    await c.websiteSession(1001);
    await c.websiteSession(1002);
    expect(calls.map((x) => x.url.replace("http://dashboard.test", ""))).toEqual([
      "/api/v1/websites/1001/website_session_data.json",
      "/api/v1/websites/1002/website_session_data.json",
      "/api/v1/websites/1001/website_session_data.json",
    ]);
    expect(calls[2]!.headers["if-none-match"]).toBe('"v1"');
  });

  test("invalidated while the dashboard is down: the old answer still serves, and is logged", async () => {
    const { c, logged } = client([{ status: 200 }, "network"]);
    await c.websiteSession(1001);
    c.invalidateSite(1001);
    expect(await c.websiteSession(1001)).toEqual(SESSION);
    expect(logged).toContain("platform API unavailable: serving the cached answer");
  });

  test("concurrent reads of one missing answer make one request", async () => {
    const { c, calls } = client([{ status: 200 }]);
    await Promise.all([c.websiteSession(1001), c.websiteSession(1001), c.websiteSession(1001)]);
    expect(calls).toHaveLength(1);
  });

  test("written to disk: a new process (a restart) serves the answer with the dashboard down", async () => {
    const dir = mkdtempSync(join(tmpdir(), "platform-cache-"));
    dirs.push(dir);
    const first = client([{ status: 200, etag: '"v1"' }], { cache: createAnswerCache({ dir }) });
    await first.c.websiteSession(1001);
    const restarted = client(["network"], { cache: createAnswerCache({ dir }) });
    expect(await restarted.c.websiteSession(1001)).toEqual(SESSION);
    // and with nothing cached for a site, the storefront learns the dashboard is unreachable
    await expect(restarted.c.websiteSession(1002)).rejects.toBeInstanceOf(PlatformUnavailableError);
  });

  test("an invalidation is kept on disk too: after a restart the answer is fetched first", async () => {
    const dir = mkdtempSync(join(tmpdir(), "platform-cache-"));
    dirs.push(dir);
    const first = client([{ status: 200 }], { cache: createAnswerCache({ dir }) });
    await first.c.websiteSession(1001);
    first.c.invalidateSite(1001);
    const restarted = client([{ status: 200 }], { cache: createAnswerCache({ dir }) });
    await restarted.c.websiteSession(1001);
    expect(restarted.calls).toHaveLength(1);
  });
});
