import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, test } from "vitest";
import { isApiPath } from "@/domain/http/request";
import { hashPolicyOf, nonceOf, prepareRequest } from "./request";
import { EdgeResponse } from "./response";

let server: http.Server<typeof http.IncomingMessage, typeof EdgeResponse> | undefined;
afterEach(() => new Promise<void>((r) => (server ? server.close(() => r()) : r())));

/** Our edge in front of a fake Next whose answer each test chooses. */
async function setup(
  next: (req: http.IncomingMessage, res: http.ServerResponse) => void,
  dbUp = true,
  widgets?: Parameters<typeof prepareRequest>[2],
) {
  server = http.createServer({ ServerResponse: EdgeResponse }, (req, res) => {
    if (!prepareRequest(req, res, widgets)) return;
    res.guardErrors(isApiPath(req.url), async () => dbUp);
    next(req, res);
  });
  await new Promise<void>((r) => server!.listen(0, "127.0.0.1", r));
  const port = (server.address() as AddressInfo).port;
  return async (path: string, init: RequestInit & { host?: string } = {}) => {
    const r = await fetch(`http://127.0.0.1:${port}${path}`, {
      ...init,
      headers: { host: init.host ?? "a.localhost", ...(init.headers ?? {}) },
    });
    return { status: r.status, headers: r.headers, body: await r.text() };
  };
}

describe("edge", () => {
  test("a page request names its tenant's routes for Next's rewrite; a client's own routing headers are replaced", async () => {
    const seen: Array<Record<string, string | string[] | undefined>> = [];
    await setup((req, res) => {
      seen.push({ ...req.headers });
      res.end("ok");
    });
    const port = (server!.address() as AddressInfo).port;
    const spoof = { "x-site-key": "other-dealer", "x-admin-area": "1", "x-site-path": "/elsewhere" };
    // node:http, not fetch: fetch does not send the Host a test names
    const get = (path: string, host: string) =>
      new Promise<void>((done, fail) =>
        http.get({ host: "127.0.0.1", port, path, headers: { host, ...spoof } }, (r) => r.resume().on("end", done)).on("error", fail),
      );
    await get("/cars/x?y=1", "tasman-campers.localhost:3000");
    await get("/leads", "admin.localhost:3000");
    await get("/api/health", "tasman-campers.localhost:3000");
    await get("/cars/x?_rsc=1a2b&y=1", "tasman-campers.localhost:3000");
    await get("/cars/x?_rsc=1a2b", "tasman-campers.localhost:3000");
    expect(seen[0]).toMatchObject({ "x-site-key": "tasman-campers", "x-site-path": "/cars/x?y=1" });
    expect(seen[0]!["x-admin-area"]).toBeUndefined();
    expect(seen[1]).toMatchObject({ "x-admin-area": "1" });
    expect(seen[1]!["x-site-key"]).toBeUndefined();
    expect(seen[1]!["x-site-path"]).toBeUndefined();
    for (const h of ["x-site-key", "x-admin-area", "x-site-path"]) expect(seen[2]![h]).toBeUndefined();
    // a client navigation's marker is not part of the path a site's other domain redirects to
    expect(seen[3]!["x-site-path"]).toBe("/cars/x?y=1");
    expect(seen[4]!["x-site-path"]).toBe("/cars/x");
  });

  test("security headers on every answer; internal headers never leave; the request carries its nonce", async () => {
    let seen: string | undefined;
    const get = await setup((req, res) => {
      seen = String(req.headers["content-security-policy"]);
      res.setHeader("x-middleware-rewrite", "/sites/a/x");
      res.writeHead(200, { "content-type": "text/html", "x-powered-by": "Next.js" }).end(`<script nonce="${nonceOf(req)}"></script>`);
    });
    const r = await get("/x");
    expect(r.headers.get("x-middleware-rewrite")).toBeNull();
    expect(r.headers.get("x-powered-by")).toBeNull();
    expect(r.headers.get("x-content-type-options")).toBe("nosniff");
    expect(r.headers.get("content-security-policy")).toBe(seen);
    expect(r.body).toContain(`nonce="${/'nonce-([^']+)'/.exec(seen!)![1]}"`);
  });

  test("a stored copy's policy is the request's own with its scripts allowed by hashes instead of the nonce", async () => {
    let nonced = "";
    let hashed: string | undefined;
    const get = await setup((req, res) => {
      nonced = String(req.headers["content-security-policy"]);
      hashed = hashPolicyOf(req, ["'sha256-AAAA'", "'sha256-BBBB'"]);
      res.end("ok");
    });
    await get("/x");
    expect(hashed).toContain("script-src 'self' 'sha256-AAAA' 'sha256-BBBB' https://maps.googleapis.com https://maps.gstatic.com;");
    expect(hashed).not.toMatch(/nonce-|strict-dynamic|unsafe-inline'; script-src-attr/);
    // every other directive is the nonce policy's
    const rest = (p: string) => p.split("; ").filter((d) => !d.startsWith("script-src "));
    expect(rest(hashed!)).toEqual(rest(nonced));
  });

  test("no hash policy when the site's widget origins could not be read: its copy would block them for everyone", async () => {
    let hashed: string | undefined = "unset";
    let nonced = "";
    const get = await setup(
      (req, res) => {
        nonced = String(req.headers["content-security-policy"]);
        hashed = hashPolicyOf(req, ["'sha256-AAAA'"]);
        res.end("ok");
      },
      true,
      null,
    );
    await get("/x");
    expect(hashed).toBeUndefined();
    expect(nonced).toMatch(/'nonce-[^']+'/); // this answer itself goes out with the nonce policy
  });

  test("a route's own CSP wins over the page default", async () => {
    const get = await setup((_req, res) => {
      res.setHeader("content-security-policy", "default-src 'none'");
      res.end("<svg/>");
    });
    expect((await get("/photos/a")).headers.get("content-security-policy")).toBe("default-src 'none'");
  });

  test("HSTS only on real domains", async () => {
    await setup((_req, res) => res.end("ok"));
    // fetch cannot set Host: ask with node:http
    const hsts = (host: string) =>
      new Promise<string | undefined>((resolve, reject) =>
        http
          .get(
            { port: (server!.address() as AddressInfo).port, host: "127.0.0.1", path: "/", headers: { host } },
            (res) => (res.resume(), resolve(res.headers["strict-transport-security"])),
          )
          .on("error", reject),
      );
    expect(await hsts("parkside-motor-group.localhost:3000")).toBeUndefined();
    expect(await hsts("www.dealer.com.au")).toMatch(/max-age/);
  });

  test("Next's bare 500 becomes our page: 503 + Retry-After while the database is down", async () => {
    const crash = (_req: http.IncomingMessage, res: http.ServerResponse) => {
      res.statusCode = 500;
      res.setHeader("content-type", "text/html");
      res.end("<pre>Error: Failed query: select … at stack</pre>");
    };
    const down = await setup(crash, false);
    const r = await down("/search/used-cars");
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("30");
    expect(r.body).toContain("We’ll be right back");
    expect(r.body).not.toContain("Failed query");
    server!.close();
    const up = await setup(crash, true);
    const r2 = await up("/search/used-cars");
    expect(r2.status).toBe(500);
    expect(r2.body).toContain("Something went wrong");
  });

  test("API: Next's own 405 becomes JSON; our handlers' JSON answers pass untouched", async () => {
    const get = await setup((req, res) => {
      if (req.url === "/api/x") return void res.writeHead(405, { allow: "POST" }).end();
      res
        .writeHead(503, { "content-type": "application/json" })
        .end(JSON.stringify({ error: "An error occurred when submitting this form" }));
    });
    const a = await get("/api/x");
    expect(a.status).toBe(405);
    expect(a.headers.get("allow")).toBe("POST");
    expect(JSON.parse(a.body)).toEqual({ error: "This method is not allowed." });
    const b = await get("/api/leads", { method: "POST", body: "{}" });
    expect(b.status).toBe(503);
    expect(JSON.parse(b.body)).toEqual({ error: "An error occurred when submitting this form" });
  });

  test("an API route answers the methods it exports; another method is a 405 with that route's Allow", async () => {
    const reached: string[] = [];
    const call = await setup((req, res) => {
      reached.push(`${req.method} ${req.url}`);
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
    const get = await call("/api/leads");
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST, OPTIONS");
    expect(JSON.parse(get.body)).toEqual({ error: "This method is not allowed." });
    const put = await call("/api/account/watchlist", { method: "PUT", body: "{}" });
    expect(put.headers.get("allow")).toBe("POST, DELETE, OPTIONS");
    expect((await call("/api/account/watchlist?id=1", { method: "DELETE" })).status).toBe(200);
    expect((await call("/api/admin/sites/1001/content/7", { method: "DELETE" })).status).toBe(200);
    expect((await call("/api/leads/0b4c7f7e-1111-4222-8333-444455556666", { method: "PUT", body: "{}" })).status).toBe(200);
    expect((await call("/cars/x", { method: "DELETE" })).status).toBe(405); // pages are read only
    expect(reached).toEqual([
      "DELETE /api/account/watchlist?id=1",
      "DELETE /api/admin/sites/1001/content/7",
      "PUT /api/leads/0b4c7f7e-1111-4222-8333-444455556666",
    ]);
  });

  test("requests no route can read are answered at the edge", async () => {
    const get = await setup((_req, res) => res.end("reached"));
    const bad = await get("/%FF");
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("That address doesn’t look right");
    expect(bad.headers.get("content-security-policy")).toContain("default-src 'none'");
    const api = await get("/api/leads/%00");
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body).error).toBeTruthy();
  });
});
