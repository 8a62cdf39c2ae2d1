import http from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, test } from "vitest";
import { createMicrocache, type MicrocacheOptions } from "./microcache";

let server: http.Server | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A fake Next: counts renders, answers per path, streams in two writes. */
async function setup(opts: Partial<MicrocacheOptions> = {}) {
  let clock = 1_000;
  const calls: string[] = [];
  const cache = createMicrocache({
    ttlMs: 10_000,
    now: () => clock,
    sessionCookies: ["garage_session"],
    nonceOf: (req) => req.headers["x-nonce"] as string | undefined,
    ...opts,
  });
  const next = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    calls.push(`${req.method} ${req.url}`);
    await new Promise((r) => setTimeout(r, 20));
    if (req.url === "/missing") return res.writeHead(404, { "content-type": "text/html" }).end("nope");
    if (req.url === "/cookie") res.setHeader("set-cookie", "a=1");
    if (req.url === "/json") return res.writeHead(200, { "content-type": "application/json" }).end("{}");
    if (req.url === "/deflate") {
      // like Next's compression: deflate when the client asks for deflate only
      const body = `<p>compressed ${"x".repeat(2000)}</p>`;
      const deflate = /deflate/.test(String(req.headers["accept-encoding"])) && !/gzip/.test(String(req.headers["accept-encoding"]));
      res.writeHead(200, { "content-type": "text/html", ...(deflate ? { "content-encoding": "deflate" } : {}) });
      return res.end(deflate ? deflateSync(body) : body);
    }
    if (req.url === "/nonce") {
      const n = String(req.headers["x-nonce"]);
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(`<script nonce="${n}">1</script><script nonce="${n}">2</script>`);
    }
    if (req.url?.startsWith("/big")) {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end("b".repeat(1000));
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.write(`<p>${req.url} `);
    res.end(`${calls.length}</p>`);
  };
  server = http.createServer((req, res) => void cache.handle(next, req, res));
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  const get = async (path: string, init: RequestInit = {}) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { host: "a.localhost", ...(init.headers ?? {}) } });
    return {
      status: r.status,
      body: await r.text(),
      cache: r.headers.get("x-cache"),
      encoding: r.headers.get("content-encoding"),
      vary: r.headers.get("vary"),
    };
  };
  return { get, calls, cache, tick: (ms: number) => (clock += ms) };
}

describe("microcache", () => {
  test("a repeated GET is served from the cache until the TTL passes", async () => {
    const s = await setup();
    expect(await s.get("/search?a=1")).toMatchObject({ status: 200, body: "<p>/search?a=1 1</p>", cache: "MISS" });
    expect(await s.get("/search?a=1")).toMatchObject({ status: 200, body: "<p>/search?a=1 1</p>", cache: "HIT", vary: "Accept-Encoding" });
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

  test("a body compressed for one client is never served to a client that did not ask for it", async () => {
    await setup();
    const raw = async (path: string, encoding: string) => {
      // undici's fetch always asks for gzip: use node:http to control Accept-Encoding exactly
      const { port } = server!.address() as AddressInfo;
      return new Promise<{ body: Buffer; encoding?: string; cache?: string }>((resolve, reject) =>
        http
          .get({ port, path, headers: { host: "a.localhost", "accept-encoding": encoding } }, (res) => {
            const chunks: Buffer[] = [];
            res
              .on("data", (c: Buffer) => chunks.push(c))
              .on("end", () =>
                resolve({
                  body: Buffer.concat(chunks),
                  encoding: res.headers["content-encoding"],
                  cache: res.headers["x-cache"] as string,
                }),
              );
          })
          .on("error", reject),
      );
    };
    const first = await raw("/deflate", "deflate");
    expect(first).toMatchObject({ encoding: "deflate", cache: "MISS" });
    const plain = await raw("/deflate", "identity");
    expect(plain.cache).toBe("HIT");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toMatch(/^<p>compressed x+<\/p>$/);
    const gz = await raw("/deflate", "gzip, deflate");
    expect(gz).toMatchObject({ encoding: "gzip", cache: "HIT" });
    expect(gunzipSync(gz.body).toString()).toBe(plain.body.toString());
    expect((await raw("/deflate", "gzip;q=0")).encoding).toBeUndefined();
  });

  test("every copy served carries its own request's nonce, never the one it was rendered with", async () => {
    const s = await setup();
    const a = await s.get("/nonce", { headers: { "x-nonce": "AAAAAAAAAAAAAAAAAAAAAA==" } });
    const b = await s.get("/nonce", { headers: { "x-nonce": "BBBBBBBBBBBBBBBBBBBBBB==" } });
    expect(a.body).toBe('<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">1</script><script nonce="AAAAAAAAAAAAAAAAAAAAAA==">2</script>');
    expect(b.cache).toBe("HIT");
    expect(b.body).toBe('<script nonce="BBBBBBBBBBBBBBBBBBBBBB==">1</script><script nonce="BBBBBBBBBBBBBBBBBBBBBB==">2</script>');
    // the same, gzipped for a browser (fetch decodes it)
    const c = await s.get("/nonce", { headers: { "x-nonce": "CCCCCCCCCCCCCCCCCCCCCC==", "accept-encoding": "gzip" } });
    expect(c).toMatchObject({ cache: "HIT", encoding: "gzip" });
    expect(c.body).toBe('<script nonce="CCCCCCCCCCCCCCCCCCCCCC==">1</script><script nonce="CCCCCCCCCCCCCCCCCCCCCC==">2</script>');
  });

  test("memory is bounded by bytes as well as entries", async () => {
    const s = await setup({ maxTotalBytes: 3500 });
    for (let i = 0; i < 10; i++) await s.get(`/big?${i}`);
    expect(s.cache.size()).toBe(3);
    expect(s.cache.bytes()).toBeLessThanOrEqual(3500);
    expect((await s.get("/big?9")).cache).toBe("HIT");
    expect((await s.get("/big?0")).cache).toBe("MISS");
  });
});
