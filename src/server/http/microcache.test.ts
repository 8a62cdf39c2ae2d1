import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { createMicrocache, type MicrocacheOptions } from "./microcache";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A fake Next: counts renders, answers per path, streams in two writes. */
async function setup(opts: Partial<MicrocacheOptions> = {}) {
  let clock = 1_000;
  const calls: string[] = [];
  const cache = createMicrocache({ ttlMs: 10_000, now: () => clock, sessionCookies: ["garage_session"], ...opts });
  const next = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    calls.push(`${req.method} ${req.url}`);
    await new Promise((r) => setTimeout(r, 20));
    if (req.url === "/missing") return res.writeHead(404, { "content-type": "text/html" }).end("nope");
    if (req.url === "/cookie") res.setHeader("set-cookie", "a=1");
    if (req.url === "/json") return res.writeHead(200, { "content-type": "application/json" }).end("{}");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.write(`<p>${req.url} `);
    res.end(`${calls.length}</p>`);
  };
  server = http.createServer((req, res) => void cache.handle(next, req, res));
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const get = async (path: string, init: RequestInit = {}) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { host: "a.localhost", ...(init.headers ?? {}) } });
    return { status: r.status, body: await r.text(), cache: r.headers.get("x-cache") };
  };
  return { get, calls, cache, tick: (ms: number) => (clock += ms) };
}

describe("microcache", () => {
  test("a repeated GET is served from the cache until the TTL passes", async () => {
    const s = await setup();
    expect(await s.get("/search?a=1")).toEqual({ status: 200, body: "<p>/search?a=1 1</p>", cache: "MISS" });
    expect(await s.get("/search?a=1")).toEqual({ status: 200, body: "<p>/search?a=1 1</p>", cache: "HIT" });
    expect(s.calls).toHaveLength(1);
    s.tick(10_001);
    expect((await s.get("/search?a=1")).cache).toBe("MISS");
    expect(s.calls).toHaveLength(2);
  });

  test("the key is host + URL: another query string renders", async () => {
    const s = await setup();
    await s.get("/search?a=1");
    expect((await s.get("/search?a=2")).cache).toBe("MISS");
    expect(s.calls).toHaveLength(2);
  });

  test.each([
    ["404s", "/missing", {}],
    ["responses that set a cookie", "/cookie", {}],
    ["non-HTML", "/json", {}],
    ["API routes", "/api/health", {}],
    ["RSC navigation requests", "/search", { headers: { rsc: "1" } }],
    ["requests with a session cookie", "/search", { headers: { cookie: "x=1; garage_session=abc" } }],
    ["POSTs", "/search", { method: "POST", body: "x" }],
  ])("never caches %s", async (_what, path, init) => {
    const s = await setup();
    await s.get(path, init as RequestInit);
    await s.get(path, init as RequestInit);
    expect(s.calls).toHaveLength(2);
  });

  test("concurrent misses for one URL render once", async () => {
    const s = await setup();
    const all = await Promise.all(Array.from({ length: 5 }, () => s.get("/search")));
    expect(s.calls).toHaveLength(1);
    expect(new Set(all.map((r) => r.body)).size).toBe(1);
  });

  test("a TTL of 0 turns it off", async () => {
    const s = await setup({ ttlMs: 0 });
    await s.get("/search");
    await s.get("/search");
    expect(s.calls).toHaveLength(2);
  });

  test("least recently used entries are dropped beyond the limit", async () => {
    const s = await setup({ maxEntries: 2 });
    await s.get("/1");
    await s.get("/2");
    await s.get("/1");
    await s.get("/3"); // drops /2
    expect(s.cache.size()).toBe(2);
    expect((await s.get("/1")).cache).toBe("HIT");
    expect((await s.get("/2")).cache).toBe("MISS");
  });
});
