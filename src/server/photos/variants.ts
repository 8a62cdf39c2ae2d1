import "server-only";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import type { ImageParams } from "@/domain/photos/params";

/** Resizes at most this many photos at once per process (each holds a decoded image in memory). */
export const MAX_CONCURRENT_RESIZES = 2;
sharp.concurrency(1); // libvips threads per resize: the queue, not libvips, spreads work over the cores
sharp.cache(false); // no photo is decoded twice in a row: libvips' operation cache only held memory

let running = 0;
const waiting: Array<() => void> = [];
/** How many resizes run now (tests; a health figure later). */
export const resizesInFlight = () => running;
/** Runs `fn` when one of the process's image slots is free (a resize, or the ingest of a fetched photo). */
export async function inImageSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_RESIZES) await new Promise<void>((r) => waiting.push(r));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * A lossy variant heavier than this many bits per pixel is encoded once more at a lower quality. A
 * typical photograph's card is 0.3 bits per pixel at q75; a gravel road or a tree line in full sun
 * is three times that, and would cost a phone 45 KB for one card. At 0.8 a 750 × 500 card stays
 * under 40 KB, and what is lost is detail in texture nobody looks at on a phone (as an image CDN's
 * automatic quality does).
 */
export const MAX_BITS_PER_PIXEL = 0.8;
/** How much lower the second encoding's quality is. */
export const HEAVY_QUALITY_STEP = 15;
/**
 * An original (kept as JPEG q90 by the ingest) heavier than this many bits per pixel is textured
 * enough that its variants come out over MAX_BITS_PER_PIXEL (on 1,260 photographs a variant weighs
 * about 0.28× its original's bits per pixel): they are encoded at the lower quality at once, not twice.
 */
export const HEAVY_ORIGINAL_BITS_PER_PIXEL = 2.5;

type Lossy = "avif" | "webp" | "jpeg";

function encode(img: Sharp, format: Lossy, quality: number): Promise<{ data: Buffer; info: OutputInfo }> {
  switch (format) {
    case "avif":
      // AVIF's scale runs lower for the same look (q75 → 45: about JPEG 75's), with 4:2:0 colour as JPEG
      // and WebP have (sharp's default 4:4:4 is a third heavier) and the fastest effort: a first-time
      // 1080 px variant of a 2048 px photograph in under 100 ms (bench --only images)
      return img.avif({ quality: Math.max(1, quality - 30), effort: 0, chromaSubsampling: "4:2:0" }).toBuffer({ resolveWithObject: true });
    case "webp":
      return img.webp({ quality }).toBuffer({ resolveWithObject: true });
    default:
      return img.jpeg({ quality, mozjpeg: true, progressive: true }).toBuffer({ resolveWithObject: true });
  }
}

/**
 * One variant of a stored original (upright, without metadata since ingest): at most the width
 * asked (never enlarged), cropped to width × height for the share image, in the format and quality
 * asked (lower once when the result is heavier than MAX_BITS_PER_PIXEL). No metadata is written.
 */
export function renderVariant(original: Buffer, p: ImageParams): Promise<Buffer> {
  return inImageSlot(async () => {
    let img = sharp(original, { limitInputPixels: 40_000_000 });
    if (p.width !== null)
      img =
        p.crop && p.height !== null
          ? img.resize(p.width, p.height, { fit: "cover", position: "attention" })
          : img.resize({ width: p.width, withoutEnlargement: true });
    if (p.format === "png") return img.png({ compressionLevel: 9 }).toBuffer();
    const format: Lossy = p.format === "avif" || p.format === "webp" ? p.format : "jpeg";
    // decoded and resized once: a heavy variant's second encoding starts from these pixels
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
    const lower = Math.max(1, p.quality - HEAVY_QUALITY_STEP);
    const source = await sharp(original).metadata();
    if (source.format === "jpeg" && original.length * 8 > HEAVY_ORIGINAL_BITS_PER_PIXEL * source.width! * source.height!)
      return (await encode(pixels(), format, lower)).data;
    const first = await encode(pixels(), format, p.quality);
    if (first.data.length * 8 <= MAX_BITS_PER_PIXEL * info.width * info.height) return first.data;
    const second = await encode(pixels(), format, lower);
    return second.data.length < first.data.length ? second.data : first.data;
  });
}
