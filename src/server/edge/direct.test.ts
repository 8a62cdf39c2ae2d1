import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { serveDirect, type WebHandler } from "./direct";

/*
 * The bridge that serves POST /api/leads without Next: the handler gets the request as
 * sent (method, headers, body up to the limit) and its Response reaches the client whole.
 */
const MAX = 1024;
let handler: WebHandler = async () => new Response(null, { status: 204 });
let server: Server;
let base = "";

beforeAll(async () => {
  server = createServer((req, res) => void serveDirect(req, res, (r) => handler(r), MAX));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("serveDirect", () => {
  test("the handler reads method, path, headers and body; its status, headers and body reach the client", async () => {
    handler = async (req) =>
      Response.json(
        {
          method: req.method,
          path: new URL(req.url).pathname + new URL(req.url).search,
          origin: req.headers.get("origin"),
          body: await req.json(),
        },
        { status: 201, headers: { "cache-control": "no-store" } },
      );
    const res = await fetch(`${base}/api/leads?x=1`, {
      method: "POST",
      headers: { origin: "http://parkside-motor-group.localhost", "content-type": "application/json" },
      body: JSON.stringify({ lead: { first_name: "Zoë" } }),
    });
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({
      method: "POST",
      path: "/api/leads?x=1",
      origin: "http://parkside-motor-group.localhost",
      body: { lead: { first_name: "Zoë" } },
    });
  });

  test("a body over the limit reaches the handler cut after limit + 1 bytes (its own check answers 413)", async () => {
    let seen = -1;
    handler = async (req) => {
      seen = (await req.arrayBuffer()).byteLength;
      return new Response(null, { status: 413 });
    };
    // streamed without a length, so that the bridge has to stop reading by itself
    const body = new ReadableStream({
      start(c) {
        for (let i = 0; i < 8; i++) c.enqueue(new Uint8Array(512).fill(97));
        c.close();
      },
    });
    const res = await fetch(`${base}/api/leads`, { method: "POST", body, duplex: "half" } as RequestInit);
    expect(res.status).toBe(413);
    expect(seen).toBe(MAX + 1);
  });

  test("several cookies stay several headers; a handler that throws is a JSON 500 with nothing of the cause", async () => {
    handler = async () => {
      const h = new Headers();
      h.append("set-cookie", "a=1; Path=/");
      h.append("set-cookie", "b=2; Path=/");
      return new Response("ok", { headers: h });
    };
    const ok = await fetch(`${base}/x`, { method: "POST", body: "" });
    expect(ok.headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
    handler = async () => {
      throw new Error("secret detail");
    };
    const res = await fetch(`${base}/x`, { method: "POST", body: "" });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: expect.any(String) });
    expect(text).not.toContain("secret");
  });
});

describe("serveDirect with a streamed body (uploads)", () => {
  test("a body of several megabytes reaches the handler whole, read as it asks", async () => {
    const streamed = createServer(
      (req, res) =>
        void serveDirect(
          req,
          res,
          async (r) => {
            const bytes = new Uint8Array(await r.arrayBuffer());
            return Response.json({ length: bytes.length, sum: bytes.reduce((a, b) => (a + b) % 65521, 0) });
          },
          "stream",
        ),
    );
    await new Promise<void>((r) => streamed.listen(0, "127.0.0.1", r));
    try {
      const body = new Uint8Array(5 * 1024 * 1024).map((_, i) => i % 251);
      const res = await fetch(`http://127.0.0.1:${(streamed.address() as AddressInfo).port}/api/leads/with-files`, {
        method: "POST",
        body,
      });
      expect(await res.json()).toEqual({ length: body.length, sum: body.reduce((a, b) => (a + b) % 65521, 0) });
    } finally {
      await new Promise<void>((r) => streamed.close(() => r()));
    }
  });
});
