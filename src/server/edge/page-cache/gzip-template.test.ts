import { randomBytes } from "node:crypto";
import { gunzipSync } from "node:zlib";
import { describe, expect, test } from "vitest";
import { fill, gzipFilled, makeTemplate } from "./gzip-template";

describe("a gzipped page with a fresh value per copy", () => {
  const page = (n: string) =>
    Buffer.from(
      `<html><head><script nonce="${n}">a()</script></head><body>${"<p>Škoda Kodiaq 😀</p>".repeat(300)}<script nonce="${n}">b()</script></body></html>`,
    );

  test.each([["A1b2C3d4E5f6G7h8I9j0kA=="], ["zzzzzzzzzzzzzzzzzzzzzz=="]])(
    "each copy decodes to the page with its own value (%s)",
    (fresh) => {
      const t = makeTemplate(page("OLDnonceOLDnonceOLDno=="), "OLDnonceOLDnonceOLDno==");
      expect(t.parts).toHaveLength(3);
      const gz = gzipFilled(t, fresh);
      expect(gunzipSync(gz).equals(page(fresh))).toBe(true);
      expect(Buffer.concat(fill(t, fresh)).equals(page(fresh))).toBe(true);
      expect(gz.length).toBeLessThan(page(fresh).length / 5);
    },
  );

  test("a body without the value, and random bytes, survive the trip", () => {
    const plain = Buffer.from("<p>no nonce here</p>".repeat(100));
    expect(gunzipSync(gzipFilled(makeTemplate(plain, "abc"), "xyz")).equals(plain)).toBe(true);
    expect(gunzipSync(gzipFilled(makeTemplate(plain, null), undefined)).equals(plain)).toBe(true);
    const noise = randomBytes(50_000);
    expect(gunzipSync(gzipFilled(makeTemplate(noise, null), undefined)).equals(noise)).toBe(true);
  });

  test("the parts are compressed once and reused", () => {
    const t = makeTemplate(page("N"), "N");
    gzipFilled(t, "M");
    const first = t.deflated;
    gzipFilled(t, "Q");
    expect(t.deflated).toBe(first);
  });
});
