import "server-only";
import sharp, { type OutputInfo, type Sharp } from "sharp";
import type { ImageParams } from "@/domain/photos/params";

/** Resizes at most this many photos at once per process (each holds a decoded image in memory). */
export const MAX_CONCURRENT_RESIZES = 2;
sharp.concurrency(1); // libvips threads per resize: the queue, not libvips, spreads work over the cores
sharp.cache(false); // no photo is decoded twice in a row: libvips' operation cache only held memory

/** Requests that may wait for a slot at once; past it a request is refused at once (503 with Retry-After). */
export const MAX_WAITING_RESIZES = 48;
/** Of those, how many one client may hold: a search page's first visit asks for about 25 new cards. */
export const MAX_WAITING_PER_CLIENT = 32;
/** A request that has waited this long for a slot is let go (503): its shopper has moved on. */
export const MAX_WAIT_MS = 10_000;
/** What a refused request is told to wait before it asks again. */
export const RETRY_AFTER_SECONDS = 3;

/** No slot now and no room to wait for one: the caller answers 503 with Retry-After. */
export class ImageServiceBusy extends Error {
  constructor(readonly why: "queue" | "client" | "wait") {
    super(`image service busy (${why})`);
  }
}

/**
 * Who waits for the slots. Each client (the address a request came from) waits in its own line and
 * the lines take turns, so one client asking for a hundred sizes never holds another shopper's first
 * photo behind them. Work of the platform's own (a feed photo's ingest) waits without a bound: its
 * workers already bound how much they start.
 */
export type SlotClient = { client: string; bounded: true } | { client: "platform"; bounded: false };
const PLATFORM: SlotClient = { client: "platform", bounded: false };

type Waiter = { start: () => void; timer?: NodeJS.Timeout };
let running = 0;
let waitingBounded = 0;
const lines = new Map<string, Waiter[]>(); // in turn order: the next slot goes to the first line's first waiter
/** How many resizes run now (tests; a health figure later). */
export const resizesInFlight = () => running;
/** How many requests wait for a slot now (tests, the probe). */
export const resizesWaiting = () => [...lines.values()].reduce((n, l) => n + l.length, 0);

function acquire(who: SlotClient): Promise<void> {
  if (running < MAX_CONCURRENT_RESIZES) {
    running++;
    return Promise.resolve();
  }
  const line = lines.get(who.client) ?? [];
  if (who.bounded) {
    if (waitingBounded >= MAX_WAITING_RESIZES) return Promise.reject(new ImageServiceBusy("queue"));
    if (line.length >= MAX_WAITING_PER_CLIENT) return Promise.reject(new ImageServiceBusy("client"));
  }
  return new Promise<void>((resolve, reject) => {
    const waiter: Waiter = { start: resolve };
    if (who.bounded) {
      waitingBounded++;
      const started = waiter.start;
      waiter.start = () => {
        clearTimeout(waiter.timer);
        waitingBounded--;
        started();
      };
      waiter.timer = setTimeout(() => {
        const mine = lines.get(who.client);
        const at = mine?.indexOf(waiter) ?? -1;
        if (at < 0) return;
        mine!.splice(at, 1);
        if (!mine!.length) lines.delete(who.client);
        waitingBounded--;
        reject(new ImageServiceBusy("wait"));
      }, MAX_WAIT_MS);
    }
    line.push(waiter);
    lines.set(who.client, line);
  });
}

/** A finished resize hands its slot straight to the next line's waiter (no one can slip in between). */
function release(): void {
  const next = lines.entries().next();
  if (next.done) {
    running--;
    return;
  }
  const [client, line] = next.value;
  const waiter = line.shift()!;
  lines.delete(client); // this line goes to the back of the turn order
  if (line.length) lines.set(client, line);
  waiter.start();
}

/**
 * Runs `fn` when one of the process's image slots is free (a resize, or the ingest of a fetched
 * photo). Throws ImageServiceBusy for a client that may not wait.
 */
export async function inImageSlot<T>(fn: () => Promise<T>, who: SlotClient = PLATFORM): Promise<T> {
  await acquire(who);
  try {
    return await fn();
  } finally {
    release();
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
 * asked (never enlarged), cropped to width × height for the share image (never enlarged either), in
 * the format and quality asked (lower once when the result is heavier than MAX_BITS_PER_PIXEL). No
 * metadata is written. The original is read only once the slot is ours: a queue of requests for a
 * 24 MB photo holds no copy of it while it waits. Null when there is no original (it was deleted).
 */
export function renderVariant(load: () => Promise<Buffer | null>, p: ImageParams, who: SlotClient = PLATFORM): Promise<Buffer | null> {
  return inImageSlot(async () => {
    const original = await load();
    return original && render(original, p);
  }, who);
}

/**
 * The box a crop of an original of width × height to wantW × wantH is made at: the box itself when
 * the original covers it, else the largest box of the same shape inside the original (no pixel is
 * ever made up).
 */
export function cropBox(width: number, height: number, wantW: number, wantH: number): [number, number] {
  if (width >= wantW && height >= wantH) return [wantW, wantH];
  const scale = Math.min(width / wantW, height / wantH);
  return [Math.max(1, Math.min(width, Math.round(wantW * scale))), Math.max(1, Math.min(height, Math.round(wantH * scale)))];
}

async function render(original: Buffer, p: ImageParams): Promise<Buffer> {
  let img = sharp(original, { limitInputPixels: 40_000_000 });
  if (p.crop && p.height !== null) {
    // an original too small for the crop is cut to its shape at its own size, never enlarged
    const { width = p.width, height = p.height } = await sharp(original).metadata();
    const [w, h] = cropBox(width, height, p.width, p.height);
    img = img.resize(w, h, { fit: "cover", position: "attention" });
  } else img = img.resize({ width: p.width, withoutEnlargement: true });
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
}
