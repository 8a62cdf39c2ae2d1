import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { testPhoto } from "@/server/testing/photo";
import { ingestPhoto } from "./ingest";
import { answerImage, imageRequest, type ImageServiceDeps } from "./service";
import { diskPhotoStore, photoKey } from "./store";
import { diskVariantCache } from "./variant-cache";

const tmp = mkdtempSync(path.join(os.tmpdir(), "image-service-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const AVIF = "image/avif,image/webp,image/*,*/*;q=0.8";
function service(cacheBytes = 64 * 1024 * 1024): ImageServiceDeps {
  const dir = mkdtempSync(path.join(tmp, "s-"));
  return { store: diskPhotoStore(path.join(dir, "photos")), cache: diskVariantCache(path.join(dir, "cache"), cacheBytes) };
}
async function stored(d: ImageServiceDeps, seed = 7) {
  const p = await ingestPhoto(await testPhoto(1600, 1067, seed));
  const key = photoKey(p.hash, p.contentType);
  await d.store.put(key, p.bytes);
  return key;
}
const ask = (d: ImageServiceDeps, pathname: string, accept = AVIF, extra: Record<string, string> = {}) => {
  const url = new URL(pathname, "http://localhost");
  const parts = url.pathname.replace(/^\/images\//, "").split("/");
  return answerImage(parts, url.searchParams, new Headers({ accept, ...extra }), d);
};
const size = async (r: Response) => {
  const m = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
  return [m.format, m.width, m.height];
};

describe("GET /images/{key}", () => {
  test("SPEC §7's parameters: the format by Accept (with Vary), the width clamped to 1280, the share image cropped; immutable with an ETag", async () => {
    const d = service();
    const key = await stored(d);
    const avif = await ask(d, `/images/${key}?w=640&auto=format&q=75`);
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toBe("Accept");
    expect(avif.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(avif.headers.get("etag")).toMatch(/^"[^"]+"$/);
    expect(await size(avif)).toEqual(["heif", 640, 427]);
    expect(await size(await ask(d, `/images/${key}?w=640&auto=format`, "image/webp,*/*"))).toEqual(["webp", 640, 427]);
    expect(await size(await ask(d, `/images/${key}?w=640&auto=format`, "*/*"))).toEqual(["jpeg", 640, 427]);
    expect(await size(await ask(d, `/images/${key}?w=3840&auto=format`, "*/*"))).toEqual(["jpeg", 1280, 854]);
    const share = await ask(d, `/images/${key}?w=1200&auto=format&q=80&h=630&fit=crop`, "*/*");
    expect(await size(share)).toEqual(["jpeg", 1200, 630]);
    // without auto=format the format never depends on Accept: no Vary
    expect((await ask(d, `/images/${key}?w=640`)).headers.get("vary")).toBeNull();
  });

  test("a variant is made once: the next request (and a burst of the same one) reads it from the cache; a known ETag is a 304", async () => {
    const d = service();
    const key = await stored(d);
    const burst = await Promise.all(Array.from({ length: 8 }, () => ask(d, `/images/${key}?w=828&auto=format`)));
    expect(new Set(burst.map((r) => r.headers.get("etag"))).size).toBe(1);
    const held = await d.cache.size();
    expect(held).toBe(Number(burst[0]!.headers.get("content-length"))); // one variant, made once
    await d.store.delete(key); // the cache answers without the original
    const again = await ask(d, `/images/${key}?w=828&auto=format`);
    expect(again.status).toBe(200);
    expect(await d.cache.size()).toBe(held);
    const etag = again.headers.get("etag")!;
    const not = await ask(d, `/images/${key}?w=828&auto=format`, AVIF, { "if-none-match": `W/${etag}, "other"` });
    expect(not.status).toBe(304);
    expect(not.headers.get("etag")).toBe(etag);
  });

  test("the cache keeps to its size: the least recently used variant goes first", async () => {
    const d = service(60_000);
    const key = await stored(d);
    const first = await ask(d, `/images/${key}?w=640&auto=format`, "*/*");
    const bytes = Number(first.headers.get("content-length"));
    expect(bytes).toBeLessThan(60_000);
    for (const w of [700, 760, 820, 880]) await ask(d, `/images/${key}?w=${w}&auto=format`, "*/*");
    expect(await d.cache.size()).toBeLessThanOrEqual(60_000);
    // a fresh cache over the same folder rebuilds its index from the files
    expect(await d.cache.get("not a name")).toBeNull();
  });

  test.each([
    ["/images/" + "a".repeat(64) + ".jpg?w=640", 404], // a key nobody stored
    ["/images/../../etc/passwd", 404],
    ["/images/__proto__", 404],
    ["/images/constructor?w=640", 404],
    ["/images/x.jpg%00", 404],
    ["/images/demo/suv/red/1.svg", 404], // the demo's photos are rasters only
    ["/images/demo/suv/%3Cscript%3E/1.jpg", 404],
    ["/images/demo/suv/red/99.jpg", 404],
  ])("%s → %i", async (p, status) => {
    expect((await ask(service(), p)).status).toBe(status);
  });

  test("the server's direct path reads the key from the URL; a bad percent-encoding is a 404, never a 500", async () => {
    expect((await imageRequest(new Request("http://localhost/images/%E0%A4%A"))).status).toBe(404);
    expect((await imageRequest(new Request("http://localhost/images/placeholder.jpg?w=0"))).status).toBe(400);
  });

  test.each([
    ["w=0", "w must be a whole number of pixels from 1 to 3840."],
    ["w=abc", "w must be a whole number of pixels from 1 to 3840."],
    ["q=101", "q must be a whole number from 1 to 100."],
    ["w=640&w=700", 'The image parameter "w" is given twice.'],
    ["width=640", 'Unknown image parameter "width".'],
    ["w=640&h=300", "h and fit=crop go together (with w)."],
  ])("?%s → 400 %s", async (qs, message) => {
    const d = service();
    const key = await stored(d);
    const r = await ask(d, `/images/${key}?${qs}`);
    expect(r.status).toBe(400);
    expect(await r.text()).toBe(message);
  });

  test("the demo's photos are JPEG originals of 1600 × 1067, served in every size like a stored photo; no SVG", async () => {
    const d = service();
    const original = await ask(d, "/images/demo/suv/red/2.jpg", "*/*");
    expect(original.headers.get("content-type")).toBe("image/jpeg");
    expect(await size(original)).toEqual(["jpeg", 1600, 1067]);
    expect(await size(await ask(d, "/images/demo/suv/red/2.jpg?w=640&auto=format&q=75"))).toEqual(["heif", 640, 427]);
    expect(await size(await ask(d, "/images/placeholder.jpg?w=640&auto=format", "*/*"))).toEqual(["jpeg", 640, 427]);
  });
});
