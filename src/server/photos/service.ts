import "server-only";
import path from "node:path";
import { parseImageParams, variantName, type ImageFormat } from "@/domain/photos/params";
import { renderDemoPhoto, renderDemoPlaceholder } from "@/server/demo/photo-raster";
import { parsePhotoPath } from "@/server/demo/photos";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { isPhotoKey, photoStore, type PhotoStore } from "./store";
import { diskVariantCache, type VariantCache } from "./variant-cache";
import { renderVariant } from "./variants";

/*
 * Issue 33: the one image service. `GET /images/{key}` for every photo the platform holds (a
 * dealer's upload or a feed's photo, by content hash) and `GET /images/demo/{body}/{colour}/{n}.jpg`
 * for the demo's (rendered to a JPEG original on first use), and `/images/placeholder.jpg`. SPEC §7's parameters pick the variant;
 * each variant is made once, kept in the bounded disk cache, and answered with an ETag and
 * `Cache-Control: immutable` (a new photo is a new key), so a CDN in front needs no configuration.
 */

/** Bumped when variants are made differently (a new encoder setting): every ETag changes with it. */
const RENDER_VERSION = "1";

const IMMUTABLE = "public, max-age=31536000, immutable";
const CONTENT_TYPES: Record<ImageFormat, string> = { avif: "image/avif", webp: "image/webp", jpeg: "image/jpeg", png: "image/png" };

type Source = { id: string; original: "jpeg" | "png"; load: () => Promise<Buffer | null> };

export type ImageServiceDeps = { store: PhotoStore; cache: VariantCache };

let deps: ImageServiceDeps | undefined;
/** The platform's store and cache (from the environment), made once. */
export function imageServiceDeps(): ImageServiceDeps {
  const e = env();
  return (deps ??= { store: photoStore(), cache: diskVariantCache(path.resolve(e.IMAGE_CACHE_DIR), e.IMAGE_CACHE_MB * 1024 * 1024) });
}

/** Removes originals no car holds any more (a failure is logged: the next clean-up is not this request's business). */
export async function removeFromStore(keys: readonly string[], d: ImageServiceDeps = imageServiceDeps()): Promise<void> {
  for (const key of keys) await d.store.delete(key).catch((e: unknown) => log.warn({ err: String(e) }, "photo not removed from the store"));
}

/** What a path under /images/ names: a stored photo, a demo photo, or nothing (404). */
function sourceOf(parts: readonly string[], d: ImageServiceDeps): Source | null {
  if (parts.length === 1 && isPhotoKey(parts[0]!)) {
    const key = parts[0]!;
    return {
      id: key,
      original: key.endsWith(".png") ? "png" : "jpeg",
      load: async () => (await d.store.get(key))?.bytes ?? null,
    };
  }
  // the platform's "photo coming soon" (a car with no photo yet), rendered like a demo photo
  if (parts.length === 1 && parts[0] === "placeholder.jpg")
    return { id: "placeholder.jpg", original: "jpeg", load: () => cachedOriginal(d, "placeholder", renderDemoPlaceholder) };
  if (parts[0] !== "demo") return null;
  const drawn = parsePhotoPath(parts.slice(1));
  if (!drawn || drawn.format !== "jpg") return null;
  const id = `demo-${parts[1]}-${parts[2]}-${drawn.n}`;
  return { id: `${id}.jpg`, original: "jpeg", load: () => cachedOriginal(d, id, () => renderDemoPhoto(drawn.body, drawn.colour, drawn.n)) };
}

/** A demo original is rendered once and kept beside the variants (it is made again if the cache let it go). */
async function cachedOriginal(d: ImageServiceDeps, id: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const name = `${id}-original.jpg`;
  const hit = await d.cache.get(name);
  if (hit) return hit;
  const bytes = await render();
  await d.cache.put(name, bytes);
  return bytes;
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
  const source = sourceOf(parts, d);
  if (!source) return plain(404, "Not found.");
  const parsed = parseImageParams(query, headers.get("accept"), source.original);
  if (!parsed.ok) return plain(400, parsed.error);
  const name = variantName(source.id, parsed.params);
  const etag = `"${RENDER_VERSION}-${name}"`;
  const common: Record<string, string> = {
    "cache-control": IMMUTABLE,
    etag,
    "x-content-type-options": "nosniff",
    "content-security-policy": "default-src 'none'",
  };
  // the format follows Accept only when asked to: then caches must keep one copy per Accept
  if (query.get("auto") === "format") common.vary = "Accept";
  if (
    headers
      .get("if-none-match")
      ?.split(",")
      .some((t) => t.trim().replace(/^W\//, "") === etag)
  )
    return new Response(null, { status: 304, headers: common });

  let bytes = await d.cache.get(name);
  if (!bytes) {
    let making = inFlight.get(name);
    if (!making) {
      making = (async () => {
        const original = await source.load();
        if (!original) return null;
        const made = await renderVariant(original, parsed.params);
        await d.cache.put(name, made).catch((e: unknown) => log.warn({ err: String(e) }, "image variant not cached"));
        return made;
      })().finally(() => inFlight.delete(name));
      inFlight.set(name, making);
    }
    bytes = await making;
  }
  if (!bytes) return plain(404, "Not found.");
  return new Response(new Uint8Array(bytes), {
    headers: { ...common, "content-type": CONTENT_TYPES[parsed.params.format], "content-length": String(bytes.length) },
  });
}

/**
 * The image service as a web handler: `/images/{…}` and its query. The Next route and the server's
 * direct path (scripts/server.ts: no Next pipeline, so a cached variant costs a file read) use it.
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
