import { describe, expect, test } from "vitest";
import { checkRequest, clientAddress, isCleanText, safeDecode } from "./request";

describe("checkRequest: the edge refuses what no route can read", () => {
  test.each([
    ["GET", "/", null],
    ["GET", "/search/new-used-and-demo-cars?make=Mazda&q=cx-5", null],
    ["GET", "/search/new-used-and-demo-cars?q=%C5%A0koda+Kodiaq", null],
    ["HEAD", "/cars/abc", null],
    ["POST", "/api/leads", null],
    ["POST", "/", 405],
    ["PUT", "/cars/x", 405],
    ["OPTIONS", "/search/used-cars", 405],
    ["POST", "/mock/leads", null],
    ["PUT", "/api/leads/1", null],
    ["OPTIONS", "/api/leads", null],
    ["GET", "/__proto__", null], // a route's own 404
    ["GET", "/%FF", 400],
    ["GET", "/%E0%A4%A", 400],
    ["GET", "/cars/%00", 400],
    ["GET", "/search/new-used-and-demo-cars?q=%00", 400],
    ["GET", "/search/new-used-and-demo-cars?q=%ZZ", 400],
    ["GET", "/search?make=%ED%A0%80", 400], // a lone surrogate, UTF-8 encoded
    ["GET", "/a%0Ab", 400],
    ["GET", "http://evil.example/", 400],
    ["GET", `/${"a".repeat(9000)}`, 414],
    ["TRACE", "/", 405],
    ["DELETE", "/api/account/watchlist", null], // a route's own handler (or its 405 with Allow: routes.ts)
    ["DELETE", "/cars/x", 405], // pages are read only
    ["PATCH", "/", 405],
    ["CONNECT", "/", 405],
    [undefined, "/", 405],
  ] as const)("%s %s → %s", (method, url, status) => {
    expect(checkRequest(method, url)?.status ?? null).toBe(status);
  });
});

describe("isCleanText", () => {
  test.each([
    ["Mary Smith", true],
    ["line one\nline two\r\n\tindented", true],
    ["Škoda 😀", true],
    ["a\u0000b", false],
    ["\u0007", false],
    ["lone \uD800 high", false],
    ["lone \uDC00 low", false],
  ])("%j → %s", (value, ok) => expect(isCleanText(value)).toBe(ok));
  test("single-line values refuse newlines", () => expect(isCleanText("a\nb", false)).toBe(false));
});

test("safeDecode answers null for a bad escape", () => {
  expect(safeDecode("%E2%82%AC")).toBe("€");
  expect(safeDecode("%FF")).toBeNull();
});

describe("clientAddress: X-Forwarded-For counted from the right, by trusted hops", () => {
  test.each([
    ["no proxy trusted: the socket, whatever the header says", "10.0.0.1", "1.2.3.4", 0, "10.0.0.1"],
    ["one proxy: the address it appended", "10.0.0.1", "6.6.6.6, 203.0.113.7", 1, "203.0.113.7"],
    ["one proxy, a spoofed first hop is ignored", "10.0.0.1", "1.1.1.1, 2.2.2.2, 203.0.113.7", 1, "203.0.113.7"],
    ["two proxies", "10.0.0.1", "6.6.6.6, 203.0.113.7, 10.0.0.2", 2, "203.0.113.7"],
    ["fewer entries than hops: the leftmost", "10.0.0.1", "203.0.113.7", 2, "203.0.113.7"],
    ["no header", "10.0.0.1", undefined, 1, "10.0.0.1"],
    ["junk in the trusted slot: the socket", "10.0.0.1", "1.2.3.4, not-an-ip", 1, "10.0.0.1"],
    ["IPv6", "::1", "2001:db8::1", 1, "2001:db8::1"],
    ["IPv4-mapped IPv6", "::1", "::ffff:203.0.113.7", 1, "::ffff:203.0.113.7"],
    ["an IPv4 spelling no proxy writes: the socket", "10.0.0.1", "0x7f.1", 1, "10.0.0.1"],
    ["an octet past 255: the socket", "10.0.0.1", "203.0.113.256", 1, "10.0.0.1"],
    ["an IPv6 zone: the socket", "10.0.0.1", "fe80::1%eth0", 1, "10.0.0.1"],
    ["colons that are no address: the socket", "10.0.0.1", "1:2:3", 1, "10.0.0.1"],
    ["an IPv4 address with the client's port: the address", "10.0.0.1", "203.0.113.7:51234", 1, "203.0.113.7"],
    ["an IPv6 address with the client's port: the address", "10.0.0.1", "[2001:db8::1]:51234", 1, "2001:db8::1"],
    ["an IPv6 address in brackets: the address", "10.0.0.1", "[2001:db8::1]", 1, "2001:db8::1"],
    ["a port on junk: the socket", "10.0.0.1", "[junk]:80", 1, "10.0.0.1"],
  ] as const)("%s", (_what, socket, header, hops, expected) => {
    expect(clientAddress(socket, header, hops)).toBe(expected);
  });

  test.each([
    ["from the proxy: its forwarded address", "127.0.0.1", "203.0.113.7", "203.0.113.7"],
    ["from the proxy, IPv4-mapped", "::ffff:127.0.0.1", "203.0.113.7", "203.0.113.7"],
    ["from the proxy, IPv4-mapped in hex", "::ffff:7f00:1", "203.0.113.7", "203.0.113.7"],
    ["from a mapped address that is not the proxy: the socket", "::ffff:10.0.0.9", "203.0.113.7", "::ffff:10.0.0.9"],
    ["straight to the app with a forged header: the socket", "10.0.0.9", "203.0.113.7", "10.0.0.9"],
  ] as const)("trusted proxies only: %s", (_what, socket, header, expected) => {
    expect(clientAddress(socket, header, 1, ["127.0.0.1", "::1"])).toBe(expected);
  });
});
