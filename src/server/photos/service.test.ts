import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, test } from "vitest";
import { testPhoto } from "@/server/testing/photo";
import { ingestPhoto } from "./ingest";
import { IMAGE_PARAM_MSG } from "@/domain/photos/params";
import { answerImage, clientKey, IMAGE_MSG, imageRequest, MISS_LIMITER, removeFromStore, type ImageServiceDeps } from "./service";
import { diskPhotoStore, photoKey } from "./store";
import { blocksOf, diskVariantCache } from "./variant-cache";
import { inImageSlot, MAX_CONCURRENT_RESIZES, MAX_WAITING_RESIZES, RETRY_AFTER_SECONDS } from "./variants";
import { createMemoryRateLimiter } from "@/server/http/rate-limit";
import { forget, remember } from "@/server/base/remember";

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
  test("the service's parameters: the format by Accept (with Vary), the width clamped to 1280, the share image cropped; immutable with an ETag", async () => {
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
    expect(await d.cache.count()).toBe(1); // one variant, made once
    expect(held).toBe(blocksOf(Number(burst[0]!.headers.get("content-length")))); // counted in the disk's blocks
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
    for (const w of [750, 828, 1080, 1200]) await ask(d, `/images/${key}?w=${w}&auto=format`, "*/*");
    expect(await d.cache.size()).toBeLessThanOrEqual(60_000);
    expect(await d.cache.get("not a name", "x")).toBeNull();
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
    ["/images/demo/suv/red/__proto__/1.jpg", 404],
    ["/images/demo/suv/red/toyota-hilux/1.jpg", 404], // a model of another body type
    ["/images/demo/suv/red/skoda-karoq%00/1.jpg", 404],
    ["/images/demo/suv/red/skoda-karoq/1.svg", 404],
  ])("%s → %i", async (p, status) => {
    expect((await ask(service(), p)).status).toBe(status);
  });

  test("the server's direct path reads the key from the URL; a bad percent-encoding is a 404, never a 500", async () => {
    expect((await imageRequest(new Request("http://localhost/images/%E0%A4%A"))).status).toBe(404);
    expect((await imageRequest(new Request("http://localhost/images/placeholder.jpg?w=0"))).status).toBe(400);
  });

  test.each([
    ["w=0", IMAGE_PARAM_MSG.width],
    ["w=abc", IMAGE_PARAM_MSG.width],
    ["w=700", IMAGE_PARAM_MSG.width],
    ["q=101", IMAGE_PARAM_MSG.quality],
    ["w=640&q=74", IMAGE_PARAM_MSG.quality],
    ["w=10&h=3840&fit=crop", IMAGE_PARAM_MSG.width],
    ["w=640&w=750", 'The image parameter "w" is given twice.'],
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
    const bare = await ask(d, "/images/demo/suv/red/2.jpg", "*/*");
    expect(bare.headers.get("content-type")).toBe("image/jpeg");
    expect(await size(bare)).toEqual(["jpeg", 1280, 854]); // nothing is served wider than 1280 px
    expect(await size(await ask(d, "/images/demo/suv/red/2.jpg?w=640&auto=format&q=75"))).toEqual(["heif", 640, 427]);
    expect(await size(await ask(d, "/images/placeholder.jpg?w=640&auto=format", "*/*"))).toEqual(["jpeg", 640, 427]);
    // a model's photo (its own look and view) is its own original, beside the older address's
    const bytes = async (p: string) => Buffer.from(await (await ask(d, p, "*/*")).arrayBuffer());
    const karoq = await bytes("/images/demo/suv/red/skoda-karoq/2.jpg");
    expect((await sharp(karoq).metadata()).width).toBe(1280);
    expect(karoq.equals(await bytes("/images/demo/suv/red/2.jpg"))).toBe(false);
    // the share image (where /photos/{body}/{colour}/{n}.jpg sends its visitors)
    expect(await size(await ask(d, "/images/demo/travel-trailer/white/1.jpg?w=1200&h=630&fit=crop&q=80", "*/*"))).toEqual([
      "jpeg",
      1200,
      630,
    ]);
  });

  test("a photo taken down answers 404 at once: its original, its bare address and every size already served, in memory or on disk", async () => {
    const d = service();
    const key = await stored(d);
    const other = await stored(d, 8);
    const addresses = [
      `/images/${key}`,
      `/images/${key}?w=640&auto=format`,
      `/images/${key}?w=1200&h=630&fit=crop&q=80`,
      `/images/${key}?w=320&auto=format&q=60`,
    ];
    for (const a of addresses) expect((await ask(d, a)).status).toBe(200);
    const etag = (await ask(d, addresses[1]!)).headers.get("etag")!;
    await ask(d, `/images/${other}?w=640&auto=format`);
    await removeFromStore([key], d);
    for (const a of addresses) expect((await ask(d, a)).status, a).toBe(404);
    // a browser's copy is not confirmed either
    expect((await ask(d, addresses[1]!, AVIF, { "if-none-match": etag })).status).toBe(404);
    expect(await d.cache.count()).toBe(1); // another photo's variant stays
    expect((await ask(d, `/images/${other}?w=640&auto=format`)).status).toBe(200);
  });

  test("a photo another process took down (its variants' folder gone from the shared disk) is not served from this process's memory", async () => {
    const dir = mkdtempSync(path.join(tmp, "s-"));
    const store = diskPhotoStore(path.join(dir, "photos"));
    const here: ImageServiceDeps = { store, cache: diskVariantCache(path.join(dir, "cache"), 64e6) };
    const there: ImageServiceDeps = { store, cache: diskVariantCache(path.join(dir, "cache"), 64e6) };
    const key = await stored(here);
    expect((await ask(here, `/images/${key}?w=640&auto=format`)).status).toBe(200); // held in this process's memory now
    await removeFromStore([key], there);
    expect((await ask(here, `/images/${key}?w=640&auto=format`)).status).toBe(404);
  });

  test("a full queue for the image slots answers 503 with Retry-After at once, and holds no original", async () => {
    const d = service();
    const key = await stored(d);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const busy = Array.from({ length: MAX_CONCURRENT_RESIZES }, () => inImageSlot(() => gate));
    const waiting = Array.from({ length: MAX_WAITING_RESIZES }, (_, i) => inImageSlot(async () => {}, { client: `w${i}`, bounded: true }));
    const refused = await ask(d, `/images/${key}?w=1080&auto=format`, AVIF, { "x-real-ip": "192.0.2.1" });
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(refused.headers.get("cache-control")).toBe("no-store");
    expect(await refused.text()).toBe(IMAGE_MSG.busy);
    open();
    await Promise.all([...busy, ...waiting]);
    expect((await ask(d, `/images/${key}?w=1080&auto=format`)).status).toBe(200);
  });

  test("a client that has many new sizes made is told to wait (429); a busy queue is a 503 with Retry-After", async () => {
    const d = service();
    const key = await stored(d);
    const limiter = createMemoryRateLimiter({ limit: 2, windowMs: 60_000, prefix: "image-miss-test" });
    forget(MISS_LIMITER);
    remember(MISS_LIMITER, () => limiter);
    try {
      const from = (ip: string, w: number) => ask(d, `/images/${key}?w=${w}&auto=format`, AVIF, { "x-real-ip": ip });
      expect((await from("203.0.113.9", 640)).status).toBe(200);
      expect((await from("203.0.113.9", 750)).status).toBe(200);
      expect((await from("203.0.113.9", 640)).status).toBe(200); // a cached one is not counted
      const refused = await from("203.0.113.9", 828);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await refused.text()).toBe(IMAGE_MSG.tooMany);
      expect((await from("198.51.100.7", 828)).status).toBe(200); // another client is not held up
    } finally {
      forget(MISS_LIMITER);
    }
  });

  test("a photo taken down while one of its sizes is being drawn is not kept by that drawing", async () => {
    const d = service();
    const key = await stored(d);
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    const slowCache: ImageServiceDeps["cache"] = { ...d.cache, put: async (g, n, b) => (await gate, d.cache.put(g, n, b)) };
    const slow: ImageServiceDeps = { store: d.store, cache: slowCache };
    const drawing = ask(slow, `/images/${key}?w=640&auto=format`);
    await new Promise((r) => setTimeout(r, 300)); // drawn, about to be kept
    await removeFromStore([key], d);
    open();
    expect((await drawing).status).toBe(404);
    expect((await ask(d, `/images/${key}?w=640&auto=format`)).status).toBe(404);
    expect(await d.cache.count()).toBe(0);
  });
});

test.each([
  ["203.0.113.9", "203.0.113.9"],
  ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
  ["2001:db8:1:2::1", "2001:db8:1:2::/64"], // another address of the same /64: the same client
  ["::ffff:198.51.100.7", "198.51.100.7"],
  ["unknown", "unknown"],
])("the image service counts %s as %s", (address, key) => {
  expect(clientKey(address)).toBe(key);
});
