import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FetchFailed, getOutbound, postOutbound } from "./outbound";

/*
 * Requests a dealer or a feed aims, against a receiver on loopback that answers slowly: /drip sends
 * its answer a byte every 50 ms (never idle long enough for an idle timeout), /endless sends fast
 * but never ends, /slow-headers keeps its headers back a second. Each is cut at its deadline.
 */
let server: Server;
let base = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    const drip = (chunk: Buffer, every: number) => {
      res.writeHead(200, { "content-type": "image/jpeg" });
      const timer = setInterval(() => res.write(chunk), every);
      res.on("close", () => clearInterval(timer));
    };
    if (req.url === "/drip") return drip(Buffer.from([0xff]), 50);
    if (req.url === "/endless") return drip(Buffer.alloc(16 * 1024, 0xff), 10);
    if (req.url === "/slow-headers") return void setTimeout(() => res.writeHead(200).end("ok"), 1000);
    res.writeHead(200).end("ok");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise((r) => server.close(r));
});

const get = (path: string, limits: { deadlineMs?: number; minBytesPerSecond?: number; rateGraceMs?: number }) =>
  getOutbound(`${base}${path}`, {
    maxBytes: 100 * 1024 * 1024,
    timeoutMs: 5000,
    maxRedirects: 0,
    urlProblem: () => null,
    allowed: () => true,
    ...limits,
  });

describe("a GET a feed names: a total deadline and a minimum rate", () => {
  test.each([
    ["/drip", { minBytesPerSecond: 1024, rateGraceMs: 200 }, "sent more slowly than 1 KB a second"],
    ["/drip", { deadlineMs: 400 }, "took longer than 0.4 s"],
    ["/endless", { deadlineMs: 500, minBytesPerSecond: 1024, rateGraceMs: 100 }, "took longer than 0.5 s"],
    ["/slow-headers", { deadlineMs: 300 }, "took longer than 0.3 s"],
  ])("%s with %j fails: %s", async (path, limits, reason) => {
    const started = Date.now();
    const err = await get(path, limits).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FetchFailed);
    expect(err).toMatchObject({ reason, transient: true });
    expect(Date.now() - started).toBeLessThan(1500);
  });

  test("a quick answer is unaffected", async () => {
    expect((await get("/ok", { deadlineMs: 1000, minBytesPerSecond: 1024 * 1024, rateGraceMs: 500 })).toString()).toBe("ok");
  });
});

describe("a webhook POST: the whole request within its timeout", () => {
  test.each(["/drip", "/endless", "/slow-headers"])("%s is cut at the timeout", async (path) => {
    const started = Date.now();
    await expect(postOutbound(`${base}${path}`, { headers: {}, body: "{}", timeoutMs: 300, allowed: () => true })).rejects.toMatchObject({
      code: "ETIMEDOUT",
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  test("a quick answer gives its status", async () => {
    expect(await postOutbound(`${base}/ok`, { headers: {}, body: "{}", timeoutMs: 1000, allowed: () => true })).toEqual({ status: 200 });
  });
});
