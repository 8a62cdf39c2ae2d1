import type { IncomingMessage } from "node:http";
import { deflateSync, gzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { decode, entryFromRender, entryFromShared, MAX_HASHED_SCRIPTS, storedCopy } from "./copy";
import { fill } from "./gzip-template";

const html = (nonce: string, scripts = 1) =>
  Buffer.from(`<p>hi</p>${Array.from({ length: scripts }, (_, i) => `<script nonce="${nonce}">go(${i})</script>`).join("")}`);
const req = { url: "/about?gclid=9", headers: { host: "a.localhost" } } as unknown as IncomingMessage;

describe("what a page is kept as", () => {
  test.each([
    ["", (b: Buffer) => b],
    ["gzip", gzipSync],
    ["deflate", deflateSync],
  ])("a body sent with encoding %j is stored as it reads", (encoding, encode) => {
    expect(decode(encode(Buffer.from("page")), encoding)?.toString()).toBe("page");
  });

  test("an encoding it cannot read back is not stored", () => {
    expect(decode(Buffer.from("x"), "zstd")).toBeNull();
    expect(decode(Buffer.from("not gzip"), "gzip")).toBeNull();
  });

  test("with a hash policy the copy drops the render's nonce and carries a CSP of its scripts' hashes", () => {
    const copy = storedCopy(html("n0nce"), "n0nce", (hashes) => `script-src ${hashes.join(" ")}`);
    expect(copy.policy).toMatch(/^script-src 'sha256-[^']+'$/);
    expect(copy.template.placeholder).toBeNull();
    expect(Buffer.concat(fill(copy.template, "other")).toString()).not.toContain("nonce");
  });

  test("without one, or with too many scripts to list, it is a template each answer fills with its own nonce", () => {
    for (const copy of [storedCopy(html("n0nce"), "n0nce"), storedCopy(html("n0nce", MAX_HASHED_SCRIPTS + 1), "n0nce", () => "policy")]) {
      expect(copy.policy).toBeUndefined();
      expect(Buffer.concat(fill(copy.template, "fresh")).toString()).toContain('nonce="fresh"');
    }
  });

  test.each([
    ["a 404", { status: 404, headers: { "content-type": "text/html" } }],
    ["JSON", { status: 200, headers: { "content-type": "application/json" } }],
    ["a Set-Cookie", { status: 200, headers: { "content-type": "text/html", "set-cookie": "a=1" } }],
  ])("%s is not kept", (_what, answer) => {
    expect(
      entryFromRender(req, { ...answer, body: Buffer.from("x") }, { maxBody: 100, now: 0, copy: (b) => storedCopy(b, undefined) }),
    ).toBeNull();
  });

  test("a 200 HTML page is kept under its key, without per-answer headers, to be drawn again at its own address", () => {
    const headers = { "content-type": "text/html", date: "now", "x-cache": "MISS", etag: '"1"' };
    const e = entryFromRender(
      req,
      { status: 200, headers, body: Buffer.from("page") },
      { maxBody: 100, now: 5, copy: (b) => storedCopy(b, undefined) },
    );
    expect(e).toMatchObject({ key: "a.localhost|/about", host: "a.localhost", url: "/about", storedAt: 5, bytes: 4 });
    expect(e!.headers).toEqual({ "content-type": "text/html", etag: '"1"' });
  });

  test("a body over the bound is not kept", () => {
    expect(
      entryFromRender(
        req,
        { status: 200, headers: { "content-type": "text/html" }, body: Buffer.from("x".repeat(101)) },
        { maxBody: 100, now: 0, copy: (b) => storedCopy(b, undefined) },
      ),
    ).toBeNull();
  });

  test("a shared copy becomes an entry aged by the database's clock; a damaged one none", () => {
    const page = { key: "k", host: "a", url: "/" };
    const e = entryFromShared({ headers: {}, gzip: gzipSync("page"), tags: ["site:1"], ageMs: 300 }, page, 1_000);
    expect(e).toMatchObject({ storedAt: 700, tags: ["site:1"], bytes: 4 });
    expect(entryFromShared({ headers: {}, gzip: Buffer.from("damaged"), tags: [], ageMs: 0 }, page, 0)).toBeNull();
  });
});
