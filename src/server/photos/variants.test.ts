import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { parseImageParams } from "@/domain/photos/params";
import { testPhoto } from "@/server/testing/photo";
import { MAX_CONCURRENT_RESIZES, renderVariant, resizesInFlight } from "./variants";

const original = () => testPhoto();
const params = (qs: string, accept = "image/avif,image/webp,*/*") => {
  const r = parseImageParams(new URLSearchParams(qs), accept, "jpeg");
  if (!r.ok) throw new Error(r.error);
  return r.params;
};

describe("renderVariant", () => {
  test.each([
    ["w=640&auto=format", "heif", 640, 427], // AVIF is HEIF to libvips
    ["w=640&auto=format", "webp", 640, 427, "image/webp,*/*"],
    ["w=3840&q=80", "jpeg", 1280, 854], // clamped to the max width
    ["w=1200&h=630&fit=crop", "jpeg", 1200, 630], // the share image
  ] as const)("%s → %s %i × %i", async (qs, format, width, height, accept?: string) => {
    const out = await renderVariant(await original(), params(qs, accept));
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual([format, width, height]);
    expect(meta.exif).toBeUndefined();
  });

  test("never enlarged: a 640 px original asked at 1280 stays 640", async () => {
    const small = await sharp(await original())
      .resize(640)
      .toBuffer();
    expect((await sharp(await renderVariant(small, params("w=1280"))).metadata()).width).toBe(640);
  });

  test(`at most ${MAX_CONCURRENT_RESIZES} resizes run at once; the rest wait their turn and all finish`, async () => {
    const input = await original();
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, resizesInFlight())), 1);
    const outs = await Promise.all(Array.from({ length: 6 }, (_, i) => renderVariant(input, params(`w=${320 + i * 10}`))));
    clearInterval(sampler);
    expect(outs.map((b) => b.length > 0)).toEqual(Array(6).fill(true));
    expect(most).toBe(MAX_CONCURRENT_RESIZES); // the queue was full, never over
    expect(resizesInFlight()).toBe(0);
  });
});
