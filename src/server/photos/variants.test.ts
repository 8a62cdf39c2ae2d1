import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { parseImageParams } from "@/domain/photos/params";
import { testPhoto } from "@/server/testing/photo";
import { MAX_BITS_PER_PIXEL, MAX_CONCURRENT_RESIZES, renderVariant, resizesInFlight } from "./variants";

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

  // a smooth picture (a sky) is light at q75; noise (gravel, foliage in sun) is far over the ceiling
  const smooth = () =>
    sharp({ create: { width: 1600, height: 1067, channels: 3, background: { r: 90, g: 140, b: 200 } } })
      .jpeg({ quality: 90 })
      .toBuffer();
  const coarseNoise = (width: number, height: number, as: "jpeg" | "png") => {
    const raw = Buffer.alloc(width * height * 3);
    for (let i = 0, s = 11; i < raw.length; i++) raw[i] = (s = (s * 1103515245 + 12345) & 0x7fffffff) % 256;
    const img = sharp(raw, { raw: { width, height, channels: 3 } });
    return (as === "jpeg" ? img.jpeg({ quality: 90 }) : img.png()).toBuffer();
  };
  const bitsPerPixel = async (b: Buffer) => {
    const m = await sharp(b).metadata();
    return (b.length * 8) / (m.width! * m.height!);
  };
  test.each([
    ["image/avif", "jpeg"],
    ["image/webp", "jpeg"],
    ["image/jpeg", "jpeg"],
    ["image/avif", "png"],
    ["image/jpeg", "png"],
  ] as const)(
    `%s from a %s: a variant heavier than ${MAX_BITS_PER_PIXEL} bits per pixel is made lighter; a light one is left as asked`,
    async (accept, kind) => {
      const asked = params("w=750&auto=format", accept);
      // at the card's own size: no resize smooths it (a JPEG original is known heavy by its weight, a
      // PNG's by its first encoding)
      const noise = await coarseNoise(750, 500, kind);
      const heavyOnce = await renderVariant(noise, asked);
      const heavyAsIs = await sharp(noise)
        [asked.format === "avif" ? "avif" : asked.format === "webp" ? "webp" : "jpeg"](
          asked.format === "avif"
            ? { quality: 45, effort: 0, chromaSubsampling: "4:2:0" }
            : asked.format === "webp"
              ? { quality: 75 }
              : { quality: 75, mozjpeg: true, progressive: true },
        )
        .toBuffer();
      expect(await bitsPerPixel(heavyAsIs)).toBeGreaterThan(MAX_BITS_PER_PIXEL);
      expect(heavyOnce.length).toBeLessThan(heavyAsIs.length * 0.9);
      const light = await renderVariant(await smooth(), asked);
      expect(await bitsPerPixel(light)).toBeLessThan(MAX_BITS_PER_PIXEL);
    },
  );

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
