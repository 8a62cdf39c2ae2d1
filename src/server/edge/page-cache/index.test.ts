import http from "node:http";
import type { AddressInfo } from "node:net";
import { deflateSync, gunzipSync } from "node:zlib";
import { createHash } from "node:crypto";
import { afterEach, describe, expect, test } from "vitest";
import { recordPageTags, trackPageTags } from "@/server/cache/page-tags";
import { EdgeResponse } from "../response";
import { createPageCache, type PageCacheOptions } from "./index";

let server: http.Server<typeof http.IncomingMessage, typeof EdgeResponse> | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** A fake Next: counts renders, answers per path, streams in two writes. */
async function setup(opts: Partial<PageCacheOptions> = {}) {
  let clock = 1_000;
  let port = 0;
  const calls: string[] = [];
  let version = 1; // what the fake's data says now
  const cache = createPageCache({
    ttlMs: 10_000,
    now: () => clock,
    sessionCookies: ["garage_session"],
    nonceOf: (req) => req.headers["x-nonce"] as string | undefined,
    track: trackPageTags,
    // the server's own request, as src/server/edge/server.ts sends it
    refresh: ({ host, url }) => fetch(`http://127.0.0.1:${port}${url}`, { headers: { host, "x-refresh": "1" } }).then((r) => r.text()),
    isRefresh: (req) => req.headers["x-refresh"] === "1",
    ...opts,
  });
  const next = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    calls.push(`${req.method} ${req.url}`);
    // the data reads of a page record what it shows: /v/{id} a car (and car 9 as similar), /list the stock, every page the site
    recordPageTags("site:1");
    const car = /^\/v\/(\d+)/.exec(req.url ?? "")?.[1];
    if (car) recordPageTags(`vehicle:1:${car}`, "vehicle:1:9");
    // a form page about a car reads it: only a car of the site records its tag
    if (/^\/contact\?(.*&)?vehicle=2024-mazda-cx-5-pmg1(&|$)/.test(req.url ?? "")) recordPageTags("vehicle:1:5");
    await new Promise((r) => setTimeout(r, 20));
    if (req.url?.startsWith("/list")) recordPageTags("stock:1"); // after an await: still this page's
    if (req.url?.startsWith("/v/") || req.url?.startsWith("/list") || req.url?.startsWith("/about")) {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(`<p>${req.url} v${version}</p>`);
    }
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
    if (req.url === "/injected") {
      // a review's text that slipped past the escaping: a script without the render's nonce
      const n = String(req.headers["x-nonce"]);
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(`<script nonce="${n}">1</script><p><script>steal()</script></p>`);
    }
    if (req.url === "/many") {
      const n = String(req.headers["x-nonce"]);
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(Array.from({ length: 101 }, (_, i) => `<script nonce="${n}">${i}</script>`).join(""));
    }
    if (req.url?.startsWith("/big")) {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end("b".repeat(1000));
    }
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    res.write(`<p>${req.url} `);
    res.end(`${calls.length}</p>`);
  };
  server = http.createServer({ ServerResponse: EdgeResponse }, (req, res) => void cache.handle(next, req, res));
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  port = (server.address() as AddressInfo).port;
  const get = async (path: string, init: RequestInit = {}) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, { ...init, headers: { host: "a.localhost", ...(init.headers ?? {}) } });
    return {
      status: r.status,
      body: await r.text(),
      cache: r.headers.get("x-cache"),
      encoding: r.headers.get("content-encoding"),
      vary: r.headers.get("vary"),
      csp: r.headers.get("content-security-policy"),
    };
  };
  return { get, calls, cache, tick: (ms: number) => (clock += ms), change: () => version++ };
}

describe("page cache", () => {
  test("a repeated GET is served from the cache until the TTL passes", async () => {
    const s = await setup();
    expect(await s.get("/search/used-cars?make=a")).toMatchObject({
      status: 200,
      body: "<p>/search/used-cars?make=a 1</p>",
      cache: "MISS",
    });
    expect(await s.get("/search/used-cars?make=a")).toMatchObject({
      status: 200,
      body: "<p>/search/used-cars?make=a 1</p>",
      cache: "HIT",
      vary: "Accept-Encoding",
    });
    expect(s.calls).toHaveLength(1);
    s.tick(10_001);
    expect((await s.get("/search/used-cars?make=a")).cache).toBe("MISS");
    expect(s.calls).toHaveLength(2);
  });

  test("the key is host + path + the parameters the page reads: another value of one renders", async () => {
    const s = await setup();
    await s.get("/search/used-cars?make=a");
    expect((await s.get("/search/used-cars?make=b")).cache).toBe("MISS");
    expect(s.calls).toHaveLength(2);
  });

  test("parameters a page does not read make no entry: 500 made-up gclid values are served the one stored page", async () => {
    const s = await setup();
    await s.get("/search/used-cars?make=a");
    await s.get("/about");
    for (let i = 0; i < 250; i++) {
      expect((await s.get(`/search/used-cars?make=a&gclid=${i}x${"g".repeat(40)}`)).cache).toBe("HIT");
      expect((await s.get(`/about?utm_source=${i}&fbclid=${i}&msclkid=${i}&made_up=${i}`)).cache).toBe("HIT");
    }
    expect(s.cache.size()).toBe(2);
    expect(s.calls).toHaveLength(2);
    // the parameters the page reads, in another order or with a tracking one among them: the same entry
    await s.get("/search/used-cars?make=a&model=b&sort=price_asc");
    expect((await s.get("/search/used-cars?utm_medium=cpc&sort=price_asc&model=b&make=a")).cache).toBe("HIT");
    expect(s.cache.size()).toBe(3);
  });

  test("a page parameter's value is checked before it keys an entry: no car of the site, or not a slug, makes none", async () => {
    const s = await setup();
    await s.get("/contact");
    for (let i = 0; i < 100; i++) {
      await s.get(`/contact?vehicle=probe-${i}-${Math.random().toString(36).slice(2)}`); // slug-shaped, no such car
      await s.get(`/contact?vehicle=${encodeURIComponent(`<x${i}>`)}&location=${i}%20x`); // not slug-shaped
    }
    expect(s.cache.size()).toBe(1);
    expect((await s.get("/contact?vehicle=2024-mazda-cx-5-pmg1")).cache).toBe("MISS");
    expect((await s.get("/contact?vehicle=2024-mazda-cx-5-pmg1")).cache).toBe("HIT"); // a real car's form is kept
    expect(s.cache.size()).toBe(2);
  });

  test("a copy is only ever drawn from the page's own address: a first visit with a gclid is drawn for that visitor alone, and the page's own address is kept", async () => {
    const s = await setup();
    const visits = await Promise.all(
      ["alice-secret&email=alice%40example.com", "2", "3"].map((g) => s.get(`/search/used-cars?make=a&gclid=${g}`)),
    );
    expect(visits.map((v) => v.cache)).toEqual(["MISS", "MISS", "MISS"]);
    expect(s.cache.size()).toBe(1);
    // drawn once, from /search/used-cars?make=a: never from a visitor's address
    expect(s.calls).toEqual(["GET /search/used-cars?make=a"]);
    const next = await s.get("/search/used-cars?make=a&gclid=bob");
    expect(next.cache).toBe("HIT");
    expect(next.body).not.toContain("alice");
  });

  test.each([
    ["404s", "/missing", {}],
    ["responses that set a cookie", "/cookie", {}],
    ["non-HTML", "/json", {}],
    ["API routes", "/api/health", {}],
    ["RSC navigation requests", "/search", { headers: { rsc: "1" } }],
    ["requests with a session cookie", "/search", { headers: { cookie: "x=1; garage_session=abc" } }],
    ["POSTs", "/search", { method: "POST", body: "x" }],
    ["a checkout", "/checkout/pay?id=1", {}],
    ["a car's reservation", "/cars/a-car/checkout", {}],
    ["the garage", "/my-garage", {}],
    ["a password reset", "/reset-password?token=abc", {}],
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

  test("with a hash policy a stored copy drops its nonce and carries its scripts' hashes: the same bytes for every request", async () => {
    const s = await setup({ hashPolicy: (_req, hashes) => `script-src 'self' ${hashes.join(" ")}` });
    const a = await s.get("/nonce", { headers: { "x-nonce": "AAAAAAAAAAAAAAAAAAAAAA==" } });
    expect(a.body).toBe('<script nonce="AAAAAAAAAAAAAAAAAAAAAA==">1</script><script nonce="AAAAAAAAAAAAAAAAAAAAAA==">2</script>');
    const sha = (t: string) => `'sha256-${createHash("sha256").update(t).digest("base64")}'`;
    const copies = await Promise.all(
      ["BBBBBBBBBBBBBBBBBBBBBB==", "CCCCCCCCCCCCCCCCCCCCCC=="].map((n) =>
        s.get("/nonce", { headers: { "x-nonce": n, "accept-encoding": "gzip" } }),
      ),
    );
    for (const c of copies) {
      expect(c).toMatchObject({ cache: "HIT", encoding: "gzip", body: "<script>1</script><script>2</script>" });
      expect(c.csp).toBe(`script-src 'self' ${sha("1")} ${sha("2")}`);
    }
    expect(s.cache.snapshot()).toMatchObject({ hashed: 1, cspBytesPerPage: copies[0]!.csp!.length });
    expect(s.calls).toHaveLength(1);
  });

  test("only the scripts carrying the render's nonce are hashed: an injected one stays refused on every copy", async () => {
    const s = await setup({ hashPolicy: (_req, hashes) => `script-src 'self' ${hashes.join(" ")}` });
    const first = await s.get("/injected", { headers: { "x-nonce": "AAAAAAAAAAAAAAAAAAAAAA==" } });
    expect(first.body).toContain("<script>steal()</script>"); // refused there: it has no nonce
    const copy = await s.get("/injected", { headers: { "x-nonce": "BBBBBBBBBBBBBBBBBBBBBB==" } });
    expect(copy).toMatchObject({ cache: "HIT", body: "<script>1</script><p><script>steal()</script></p>" });
    const sha = (t: string) => `'sha256-${createHash("sha256").update(t).digest("base64")}'`;
    expect(copy.csp).toBe(`script-src 'self' ${sha("1")}`);
  });

  test("a page with more inline scripts than a header should carry is kept as a nonce template, not hashed", async () => {
    let asked = 0;
    const s = await setup({ hashPolicy: (_req, hashes) => (asked++, `script-src 'self' ${hashes.join(" ")}`) });
    await s.get("/many", { headers: { "x-nonce": "AAAAAAAAAAAAAAAAAAAAAA==" } });
    const copy = await s.get("/many", { headers: { "x-nonce": "BBBBBBBBBBBBBBBBBBBBBB==" } });
    expect(copy.cache).toBe("HIT");
    expect(copy.body).toContain('<script nonce="BBBBBBBBBBBBBBBBBBBBBB==">100</script>');
    expect(copy.csp).toBeNull(); // this fake sets none: the nonce policy the edge gives each answer
    expect(asked).toBe(0);
    expect(s.cache.snapshot()).toMatchObject({ hashed: 0 });
  });

  test("memory is bounded by bytes as well as entries", async () => {
    const s = await setup({ maxTotalBytes: 3500 });
    for (let i = 0; i < 10; i++) await s.get(`/big/${i}`);
    expect(s.cache.size()).toBe(3);
    expect(s.cache.bytes()).toBeLessThanOrEqual(3500);
    expect((await s.get("/big/9")).cache).toBe("HIT");
    expect((await s.get("/big/0")).cache).toBe("MISS");
  });

  test("after the fresh window a page is served stale while one request draws it again", async () => {
    const s = await setup({ freshMs: 5_000, ttlMs: 10_000 });
    expect((await s.get("/about")).body).toBe("<p>/about v1</p>");
    s.change();
    s.tick(5_000);
    const stale = await Promise.all([s.get("/about"), s.get("/about"), s.get("/about")]);
    expect(stale.map((r) => [r.cache, r.body])).toEqual(Array(3).fill(["STALE", "<p>/about v1</p>"]));
    await expect.poll(() => s.calls.filter((c) => c === "GET /about")).toHaveLength(2); // one re-draw for the three
    await expect.poll(async () => (await s.get("/about")).body).toBe("<p>/about v2</p>");
    expect((await s.get("/about")).cache).toBe("HIT");
    expect(s.cache.snapshot().refreshes).toBe(1);
    s.tick(10_000); // past its life: drawn for the shopper
    expect((await s.get("/about")).cache).toBe("MISS");
  });

  test("a purge takes exactly the pages drawn from what changed, in every request's own tags", async () => {
    const s = await setup({ rewarm: 0 });
    for (const p of ["/v/1", "/v/2", "/list", "/about"]) await s.get(p);
    s.change();
    s.cache.purge(["stock:1", "vehicle:1:1"]); // car 1's price changed
    expect((await s.get("/v/1")).body).toBe("<p>/v/1 v2</p>");
    expect((await s.get("/list")).body).toBe("<p>/list v2</p>");
    expect(await s.get("/v/2")).toMatchObject({ cache: "HIT", body: "<p>/v/2 v1</p>" });
    expect((await s.get("/about")).cache).toBe("HIT");
    s.change();
    s.cache.purge(["vehicle:1:9"]); // a car both pages show as similar
    expect((await s.get("/v/2")).body).toBe("<p>/v/2 v3</p>");
    s.cache.purge(["site:1"]); // the site's settings: every page
    expect((await s.get("/about")).cache).toBe("MISS");
    expect((await s.get("/v/1")).cache).toBe("MISS");
    expect(s.cache.snapshot()).toMatchObject({ purges: 3 });
  });

  test("a page whose render began before a purge of its tags is not stored", async () => {
    const s = await setup({ rewarm: 0 });
    // the purge lands once the fake Next has the request and while it draws (its 20 ms): waiting
    // a fixed few milliseconds instead raced the request's own arrival on a busy machine
    const drawingNow = async (call: string) => {
      while (!s.calls.includes(call)) await new Promise((r) => setImmediate(r));
    };
    const drawing = s.get("/list"); // reads the old data...
    await drawingNow("GET /list");
    s.cache.purge(["stock:1"]); // ...when the change lands
    expect((await drawing).cache).toBe("MISS");
    expect((await s.get("/list")).cache).toBe("MISS");
    // a purge of something else does not stop it
    const other = s.get("/v/3");
    await drawingNow("GET /v/3");
    s.cache.purge(["vehicle:1:4"]);
    await other;
    expect((await s.get("/v/3")).cache).toBe("HIT");
  });

  test("the most-served pages a purge took are drawn again in the background", async () => {
    const s = await setup({ rewarm: 1 });
    for (const p of ["/list", "/list", "/list", "/v/1", "/v/1"]) await s.get(p);
    s.change();
    s.cache.purge(["stock:1", "vehicle:1:1"]);
    await expect.poll(() => s.cache.snapshot().rewarmed).toBe(1);
    await expect.poll(() => s.calls.filter((c) => c === "GET /list")).toHaveLength(2);
    expect(await s.get("/list")).toMatchObject({ cache: "HIT", body: "<p>/list v2</p>" });
    expect((await s.get("/v/1")).cache).toBe("MISS"); // only the top one
  });

  test("a crawler's long tail cannot push out the pages shoppers come back to", async () => {
    const s = await setup({ maxEntries: 10 });
    for (const p of ["/about", "/list", "/v/1"]) for (let i = 0; i < 2; i++) await s.get(p);
    for (let i = 0; i < 40; i++) await s.get(`/v/${100 + i}`);
    expect(s.cache.size()).toBe(10);
    for (const p of ["/about", "/list", "/v/1"]) expect((await s.get(p)).cache).toBe("HIT");
    expect((await s.get("/v/100")).cache).toBe("MISS");
    expect(s.cache.snapshot()).toMatchObject({ entries: 10, evicted: 34 }); // 43 stored, 10 kept
  });

  test("pages served again go too once they fill the cache (new pages always find room)", async () => {
    const s = await setup({ maxEntries: 5 });
    for (let i = 0; i < 16; i++) await s.get(`/v/${i >> 1}`);
    expect(s.cache.size()).toBe(5);
    expect((await s.get("/v/7")).cache).toBe("HIT");
    expect((await s.get("/v/0")).cache).toBe("MISS");
  });
});
