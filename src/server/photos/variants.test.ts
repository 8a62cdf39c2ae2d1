import sharp from "sharp";
import { describe, expect, test, vi } from "vitest";
import { parseImageParams } from "@/domain/photos/params";
import { testPhoto } from "@/server/testing/photo";
import {
  cropBox,
  ImageServiceBusy,
  inImageSlot,
  MAX_BITS_PER_PIXEL,
  MAX_CONCURRENT_RESIZES,
  MAX_WAIT_MS,
  MAX_WAITING_PER_CLIENT,
  MAX_WAITING_RESIZES,
  renderVariant as renderFrom,
  resizesInFlight,
  resizesWaiting,
} from "./variants";

const renderVariant = async (original: Buffer, p: ReturnType<typeof params>) => (await renderFrom(async () => original, p))!;

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
    ["", "jpeg", 1280, 854], // a bare address: the max width, not a re-encoding of the whole original
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

  test.each([
    [1600, 1067, 1200, 630],
    [1200, 630, 1200, 630],
    [600, 400, 600, 315], // the share image's shape, at the original's size
    [1067, 1600, 1067, 560], // a portrait photo
    [1067, 800, 1067, 560],
    [800, 1067, 800, 420],
    [1300, 600, 1143, 600],
  ])("a crop never enlarges: a %i × %i original's share image is %i × %i", async (w, h, outW, outH) => {
    expect(cropBox(w, h, 1200, 630)).toEqual([outW, outH]);
    const small = await sharp(await original())
      .resize(w, h, { fit: "fill" })
      .toBuffer();
    const m = await sharp(await renderVariant(small, params("w=1200&h=630&fit=crop"))).metadata();
    expect([m.width, m.height]).toEqual([outW, outH]);
  });

  test("no original (a photo taken down meanwhile) renders nothing", async () => {
    expect(await renderFrom(async () => null, params("w=640"))).toBeNull();
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
    const outs = await Promise.all(["w=320", "w=640", "w=750", "w=828", "w=1080", "w=1200"].map((qs) => renderVariant(input, params(qs))));
    clearInterval(sampler);
    expect(outs.map((b) => b.length > 0)).toEqual(Array(6).fill(true));
    expect(most).toBe(MAX_CONCURRENT_RESIZES); // the queue was full, never over
    expect(resizesInFlight()).toBe(0);
  });
});

describe("the image slots' queue", () => {
  const hold = () => {
    let open!: () => void;
    const gate = new Promise<void>((r) => (open = r));
    return { gate, open };
  };
  const client = (name: string) => ({ client: name, bounded: true }) as const;

  test("an original is read only once a slot is free: 40 waiting requests hold no original", async () => {
    const { gate, open } = hold();
    let loaded = 0;
    let mostLoaded = 0;
    const load = async () => {
      loaded++;
      mostLoaded = Math.max(mostLoaded, loaded);
      await gate;
      loaded--;
      return null;
    };
    const asks = Array.from({ length: 40 }, (_, i) => renderFrom(load, params("w=640"), client(`c${i % 4}`)));
    await new Promise((r) => setTimeout(r, 20));
    expect(mostLoaded).toBe(MAX_CONCURRENT_RESIZES);
    expect(resizesWaiting()).toBe(38);
    open();
    expect(await Promise.all(asks)).toEqual(Array(40).fill(null));
    expect(mostLoaded).toBe(MAX_CONCURRENT_RESIZES);
  });

  test(`past ${MAX_WAITING_RESIZES} waiting (or ${MAX_WAITING_PER_CLIENT} of one client) a request is refused at once; the platform's own work still waits`, async () => {
    const { gate, open } = hold();
    const busy = Array.from({ length: MAX_CONCURRENT_RESIZES }, () => inImageSlot(() => gate, client("a")));
    const mine = Array.from({ length: MAX_WAITING_PER_CLIENT }, () => inImageSlot(() => Promise.resolve("a"), client("a")));
    await expect(inImageSlot(() => Promise.resolve("a"), client("a"))).rejects.toEqual(new ImageServiceBusy("client"));
    const others = Array.from({ length: MAX_WAITING_RESIZES - MAX_WAITING_PER_CLIENT }, (_, i) =>
      inImageSlot(() => Promise.resolve(`b${i}`), client(`b${i}`)),
    );
    await expect(inImageSlot(() => Promise.resolve("c"), client("c"))).rejects.toEqual(new ImageServiceBusy("queue"));
    const ingest = inImageSlot(() => Promise.resolve("platform")); // a feed photo's ingest is never refused
    open();
    await Promise.all([...busy, ...mine, ...others]);
    expect(await ingest).toBe("platform");
    expect(resizesWaiting()).toBe(0);
    expect(resizesInFlight()).toBe(0);
  });

  test("clients take turns: a shopper's one photo is made before a crawler's hundredth", async () => {
    const { gate, open } = hold();
    const order: string[] = [];
    const busy = Array.from({ length: MAX_CONCURRENT_RESIZES }, () => inImageSlot(() => gate, client("crawler")));
    const crawler = Array.from({ length: 20 }, (_, i) => inImageSlot(async () => void order.push(`crawler ${i}`), client("crawler")));
    const shopper = inImageSlot(async () => void order.push("shopper"), client("shopper"));
    open();
    await Promise.all([...busy, ...crawler, shopper]);
    expect(order.indexOf("shopper")).toBeLessThanOrEqual(1);
  });

  test("a request that waited too long is let go with a 503's reason", async () => {
    vi.useFakeTimers();
    try {
      const { gate, open } = hold();
      const busy = Array.from({ length: MAX_CONCURRENT_RESIZES }, () => inImageSlot(() => gate, client("a")));
      const late = inImageSlot(() => Promise.resolve("late"), client("b"));
      const caught = late.catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(MAX_WAIT_MS + 1);
      expect(await caught).toEqual(new ImageServiceBusy("wait"));
      expect(resizesWaiting()).toBe(0);
      open();
      await Promise.all(busy);
    } finally {
      vi.useRealTimers();
    }
  });
});
