import "server-only";
import sharp from "sharp";
import type { ImageParams } from "@/domain/photos/params";

/** Resizes at most this many photos at once per process (each holds a decoded image in memory). */
export const MAX_CONCURRENT_RESIZES = 2;
sharp.concurrency(1); // libvips threads per resize: the queue, not libvips, spreads work over the cores

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
 * One variant of a stored original (upright, without metadata since ingest): at most the width
 * asked (never enlarged), cropped to width × height for the share image, in the format and quality
 * asked. No metadata is written.
 */
export function renderVariant(original: Buffer, p: ImageParams): Promise<Buffer> {
  return inImageSlot(async () => {
    let img = sharp(original, { limitInputPixels: 40_000_000 });
    if (p.width !== null)
      img =
        p.crop && p.height !== null
          ? img.resize(p.width, p.height, { fit: "cover", position: "attention" })
          : img.resize({ width: p.width, withoutEnlargement: true });
    switch (p.format) {
      case "avif":
        // AVIF's scale runs lower for the same look; effort 1 keeps a first-time 1080 px variant near 100 ms
        return img.avif({ quality: Math.max(1, p.quality - 20), effort: 1 }).toBuffer();
      case "webp":
        return img.webp({ quality: p.quality }).toBuffer();
      case "png":
        return img.png({ compressionLevel: 9 }).toBuffer();
      default:
        return img.jpeg({ quality: p.quality, mozjpeg: true, progressive: true }).toBuffer();
    }
  });
}
