import "server-only";
import path from "node:path";
import ipaddr from "ipaddr.js";
import { isPhotoKey, parseImageParams, variantGroup, variantName, type ImageFormat } from "@/domain/photos/params";
import { onPhotosTakenDown, photosTakenDown } from "@/server/cache";
import { env } from "@/server/base/env";
import { createMemoryRateLimiter, type RateLimiter } from "@/server/http/rate-limit";
import { log } from "@/server/base/log";
import { photoStore, type PhotoStore } from "./store";
import { diskVariantCache, type VariantCache } from "./variant-cache";

import { ImageServiceBusy, renderVariant, RETRY_AFTER_SECONDS } from "./variants";
import { remember } from "@/server/base/remember";
import { renderPlaceholder } from "./placeholder";
import { looksLikeDemoPhoto } from "@/domain/photos/demo-path";

/** The demo photos' drawing code, loaded through the demo seam on the first demo photo asked for. */
const demoPhotos = async () => (await import("@/server/demo")).demoPhotos;

/*
 * The one image service. `GET /images/{key}` for every photo the platform holds (a dealer's upload
 * or a feed's photo, by content hash), `GET /images/demo/{body}/{colour}/{make-model}/{n}.jpg` for the demo's
 * (rendered to a JPEG original on first use), and `/images/placeholder.jpg`. The image service's parameters
 * pick the variant, from the fixed set the pages ask for (src/domain/photos/params.ts); each variant
 * is made once, kept in the bounded disk cache, and answered with an ETag and `Cache-Control:
 * immutable` (a new photo is a new key), so a CDN in front needs no configuration.
 *
 * Any photo address is public, so what a miss costs is bounded three ways: a client may have only so
 * many new variants made a minute (429), a bounded number of requests wait for the two slots and
 * take turns by client (503 with Retry-After past it), and the original is read only inside a slot.
 * A photo taken down (removeFromStore) answers 404 at once, in every process: its original and every
 * variant leave the disk and every process's memory.
 */

/** Bumped when variants are made differently (a new encoder setting): every ETag changes with it. */
const RENDER_VERSION = "2";

const IMMUTABLE = "public, max-age=31536000, immutable";
const CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };
export const IMAGE_MSG = {
  busy: "The photo service is busy. Please try again in a moment.",
  tooMany: "Too many new photo sizes asked for from one address. Please try again shortly.",
} as const;

/** A photo an address names: its id, the folder of its variants, its original's format, how to read it and whether it is still held. */
type Source = { id: string; group: string; original: "jpeg" | "png"; load: () => Promise<Buffer | null>; held: () => Promise<boolean> };
const always = () => Promise.resolve(true);

export type ImageServiceDeps = { store: PhotoStore; cache: VariantCache };

// one store, cache and limiter per process, shared by Next's bundle (the back-office's deletes) and
// the server's own copy of this module (which answers /images/)
/** The platform's store and cache (from the environment), made once. */
export function imageServiceDeps(): ImageServiceDeps {
  const e = env();
  return remember("image-service-deps", () => ({
    store: photoStore(),
    cache: diskVariantCache(path.resolve(e.IMAGE_CACHE_DIR), e.IMAGE_CACHE_MB * 1024 * 1024, e.IMAGE_CACHE_MAX_FILES),
  }));
}
/** The name the miss limiter is remembered by (a test puts a tighter one in its place). */
export const MISS_LIMITER = "image-miss-limiter";
const missLimiter = () =>
  remember<RateLimiter>(MISS_LIMITER, () =>
    createMemoryRateLimiter({ limit: env().IMAGE_MISS_RATE_LIMIT, windowMs: 60_000, prefix: "image-miss" }),
  );

/** This process's variants of these photos, gone from disk and memory. */
async function dropVariants(keys: readonly string[], d: ImageServiceDeps): Promise<void> {
  for (const key of keys)
    await d.cache.drop(variantGroup(key)).catch((e: unknown) => log.warn({ err: String(e) }, "photo variants not removed"));
}
// another process took photos down: what this one holds of them goes too
onPhotosTakenDown((keys) => void dropVariants(keys, imageServiceDeps()));

/**
 * Takes photos no car holds any more offline: the original leaves the store, every variant leaves
 * this process's cache, and every other process is told to drop its own (on PostgreSQL). A failure is
 * logged: the next clean-up is not this request's business.
 */
export async function removeFromStore(keys: readonly string[], d: ImageServiceDeps = imageServiceDeps()): Promise<void> {
  if (!keys.length) return;
  for (const key of keys) await d.store.delete(key).catch((e: unknown) => log.warn({ err: String(e) }, "photo not removed from the store"));
  await dropVariants(keys, d);
  photosTakenDown(keys);
}

/** What a path under /images/ names: a stored photo, a demo photo, or nothing (404). */
async function sourceOf(parts: readonly string[], d: ImageServiceDeps): Promise<Source | null> {
  if (parts.length === 1 && isPhotoKey(parts[0]!)) {
    const key = parts[0]!;
    return {
      id: key,
      group: variantGroup(key),
      original: key.endsWith(".png") ? "png" : "jpeg",
      load: async () => (await d.store.get(key))?.bytes ?? null,
      held: () => d.store.has(key),
    };
  }
  // the platform's "photo coming soon" (a car with no photo yet): platform artwork, not demo code
  if (parts.length === 1 && parts[0] === "placeholder.jpg")
    return {
      id: "placeholder.jpg",
      group: "placeholder",
      original: "jpeg",
      held: always,
      load: () => cachedOriginal(d, "placeholder", renderPlaceholder),
    };
  // the demo code is loaded only for a path shaped like a demo photo's
  if (parts[0] !== "demo" || !looksLikeDemoPhoto(parts.slice(1), "jpg")) return null;
  const demo = await demoPhotos();
  const drawn = demo.parsePhotoPath(parts.slice(1));
  if (!drawn) return null;
  // each model's drawing is its own original (an old address without a model, the body's plain look)
  const id = `demo-${parts.slice(1, -1).join("-")}-${drawn.n}`;
  return {
    id: `${id}.jpg`,
    group: id,
    original: "jpeg",
    held: always,
    load: () => cachedOriginal(d, id, () => demo.renderDemoPhoto(drawn.body, drawn.colour, drawn.n, drawn.model)),
  };
}

/** A demo original is rendered once and kept beside its variants (it is made again if the cache let it go). */
async function cachedOriginal(d: ImageServiceDeps, group: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const hit = await d.cache.get(group, "original.jpg");
  if (hit) return hit;
  const bytes = await render();
  await d.cache.put(group, "original.jpg", bytes);
  return bytes;
}

/**
 * Who a request counts against: its address, and an IPv6 address's /64 (one home or phone holds a
 * whole /64, and could otherwise take a new address for every request).
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address.slice(0, 64);
  const a = ipaddr.parse(address);
  if (a.kind() === "ipv4") return a.toString();
  const v6 = a as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.parts
    .slice(0, 4)
    .map((p) => p.toString(16))
    .join(":")}::/64`;
}

/** Variants being made now: a burst of requests for the same one makes it once. */
const inFlight = new Map<string, Promise<Buffer | null>>();

const plain = (status: number, text: string, extra: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff", "cache-control": "no-store", ...extra },
  });

/** The answer to one image request. */
export async function answerImage(
  parts: readonly string[],
  query: URLSearchParams,
  headers: Headers,
  d: ImageServiceDeps = imageServiceDeps(),
): Promise<Response> {
  const source = await sourceOf(parts, d);
  if (!source) return plain(404, "Not found.");
  const parsed = parseImageParams(query, headers.get("accept"), source.original);
  if (!parsed.ok) return plain(400, parsed.error);
  const name = variantName(parsed.params);
  const etag = `"${RENDER_VERSION}-${source.group}-${name}"`;
  const common: Record<string, string> = {
    "cache-control": IMMUTABLE,
    etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'",
  };
  // the format follows Accept only when asked to: then caches must keep one copy per Accept
  if (query.get("auto") === "format") common.vary = "Accept";
  // a 304 only for a photo still held: a taken-down photo's ETag must not keep a copy alive
  const known = headers
    .get("if-none-match")
    ?.split(",")
    .some((t) => t.trim().replace(/^W\//, "") === etag);

  let bytes = await d.cache.get(source.group, name);
  if (!bytes) {
    const id = `${source.group}/${name}`;
    let making = inFlight.get(id);
    if (!making) {
      const client = clientKey(headers.get("x-real-ip") ?? "unknown");
      // counted before anything is read: a confirmation of an ETag costs a look at the store too
      const allowed = await missLimiter().take(client);
      if (!allowed.ok) return plain(429, IMAGE_MSG.tooMany, { "retry-after": String(allowed.retryAfter) });
      if (known && (await source.held())) return new Response(null, { status: 304, headers: common });
      making = renderVariant(source.load, parsed.params, { client, bounded: true })
        .then(async (made) => {
          if (!made) return null;
          await d.cache.put(source.group, name, made).catch((e: unknown) => log.warn({ err: String(e) }, "image variant not cached"));
          // taken down while it was drawn: what was just kept goes too (the take-down removes the
          // original before the variants, so one of the two always sees the other)
          if (!(await source.held())) {
            await d.cache.drop(source.group).catch(() => undefined);
            return null;
          }
          return made;
        })
        .finally(() => inFlight.delete(id));
      inFlight.set(id, making);
    }
    try {
      bytes = await making;
    } catch (e) {
      if (e instanceof ImageServiceBusy) return plain(503, IMAGE_MSG.busy, { "retry-after": String(RETRY_AFTER_SECONDS) });
      throw e;
    }
  }
  if (!bytes) return plain(404, "Not found.");
  if (known) return new Response(null, { status: 304, headers: common });
  return new Response(new Uint8Array(bytes), {
    headers: { ...common, "content-type": CONTENT_TYPES[parsed.params.format], "content-length": String(bytes.length) },
  });
}

/**
 * The image service as a web handler: `/images/{…}` and its query. The Next route and the server's
 * direct path (src/server/edge/server.ts: no Next pipeline, so a cached variant costs a file read) use it.
 */
export async function imageRequest(req: Request): Promise<Response> {
  const url = new URL(req.url);
  let parts: string[];
  try {
    parts = url.pathname
      .replace(/^\/images\//, "")
      .split("/")
      .map(decodeURIComponent);
  } catch {
    return plain(404, "Not found.");
  }
  return answerImage(parts, url.searchParams, req.headers);
}
