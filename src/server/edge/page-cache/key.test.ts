import type { IncomingMessage } from "node:http";
import { describe, expect, test } from "vitest";
import { acceptsGzip, cacheKey, isCacheableRequest } from "./key";

const req = (url: string, headers: Record<string, string> = {}, method = "GET") =>
  ({ url, method, headers: { host: "A.localhost:3000", ...headers } }) as unknown as IncomingMessage;

describe("the page cache's key", () => {
  test.each([
    ["/", "a.localhost:3000|/"],
    ["/about?gclid=1", "a.localhost:3000|/about"],
  ])("%s is stored under %s (the host in lower case, only the parameters the page reads)", (url, key) => {
    expect(cacheKey(req(url))).toBe(key);
  });

  test.each([
    ["gzip, deflate, br", true],
    ["gzip;q=0", false],
    ["*", true],
    ["br", false],
    ["", false],
  ])("Accept-Encoding %j takes gzip: %s", (header, gzip) => {
    expect(acceptsGzip(req("/", { "accept-encoding": header }))).toBe(gzip);
  });

  test.each([
    ["a page", req("/about"), true],
    ["a HEAD", req("/about", {}, "HEAD"), false],
    ["a POST", req("/about", {}, "POST"), false],
    ["an API route", req("/api/vehicles"), false],
    ["Next's assets", req("/_next/static/a.js"), false],
    ["a client navigation's payload", req("/about?_rsc=1"), false],
    ["a prefetch", req("/about", { "next-router-prefetch": "1" }), false],
    ["a signed-in shopper", req("/about", { cookie: "x=1; garage_session=abc" }), false],
    ["another cookie", req("/about", { cookie: "x=1" }), true],
    ["a personal page", req("/checkout"), false],
  ])("%s may be served a copy: %s", (_what, r, cacheable) => {
    expect(isCacheableRequest(r, ["garage_session"])).toBe(cacheable);
  });
});
