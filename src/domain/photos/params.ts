import { IMAGE_QUALITY, IMAGE_WIDTHS, MAX_IMAGE_WIDTH, SHARE_IMAGE, THUMB_WIDTH } from "@/domain/format/image";

/*
 * The image service's parameters, as docs/features/photos.md gives them: `w` (the srcset's widths run from 640 to
 * 3840; what is served is clamped to the max width 1280), `auto=format` (the best format the browser
 * says it takes: AVIF, else WebP, else JPEG), `q` (75 by default; 60 and 80 where the spec says) and
 * `h` with `fit=crop` (the 1200×630 share image).
 *
 * Any photo address is public, so every distinct answer costs a stranger nothing and us a decode and
 * an encode. Only the variants the platform's own pages, mails and back-office ask for are made:
 * the widths, qualities and the one crop below, all taken from src/domain/format/image.ts, the
 * module that builds those addresses. Anything else is a 400 that says what is allowed, never a
 * guess and never a render.
 */
export const MAX_SERVED_WIDTH = MAX_IMAGE_WIDTH;
export const DEFAULT_QUALITY = IMAGE_QUALITY.default;

/** Every width an address may ask for: the back-office thumbnail, the srcset widths and the max width (wider ones are served at it). */
export const REQUESTED_WIDTHS: readonly number[] = [...new Set([THUMB_WIDTH, ...IMAGE_WIDTHS, MAX_IMAGE_WIDTH])].sort((a, b) => a - b);
/** Every quality an address may ask for. */
export const QUALITIES: readonly number[] = [...new Set(Object.values(IMAGE_QUALITY))].sort((a, b) => a - b);

export type ImageFormat = "avif" | "webp" | "jpeg" | "png";
export type ImageParams = {
  /** the width served (at most MAX_SERVED_WIDTH; an original narrower than it is never enlarged) */
  width: number;
  height: number | null;
  /** crop to width × height (the share image); else fit inside the width */
  crop: boolean;
  quality: number;
  format: ImageFormat;
};

const KNOWN = new Set(["w", "h", "q", "fit", "auto"]);
const list = (xs: readonly number[]) => `${xs.slice(0, -1).join(", ")} or ${xs.at(-1)}`;
export const IMAGE_PARAM_MSG = {
  width: `w must be one of ${list(REQUESTED_WIDTHS)}: the widths the platform's pages ask for.`,
  quality: `q must be ${list(QUALITIES)}.`,
  crop: `The only crop is the share image: w=${SHARE_IMAGE.width}&h=${SHARE_IMAGE.height}&fit=crop.`,
  together: "h and fit=crop go together (with w).",
  fit: 'fit can only be "crop".',
  auto: 'auto can only be "format".',
} as const;

/** Which format to send: by the request's Accept when auto=format, else the original's. */
export function chooseFormat(auto: boolean, accept: string | null, original: "jpeg" | "png"): ImageFormat {
  if (!auto) return original;
  const a = (accept ?? "").toLowerCase();
  if (a.includes("image/avif")) return "avif";
  if (a.includes("image/webp")) return "webp";
  return original === "png" ? "png" : "jpeg";
}

/** The parameters of one image request, or the message of its 400. */
export function parseImageParams(
  query: URLSearchParams,
  accept: string | null,
  original: "jpeg" | "png",
): { ok: true; params: ImageParams } | { ok: false; error: string } {
  const seen = new Set<string>();
  for (const key of query.keys()) {
    if (!KNOWN.has(key)) return { ok: false, error: `Unknown image parameter "${key.slice(0, 20)}".` };
    if (seen.has(key)) return { ok: false, error: `The image parameter "${key}" is given twice.` };
    seen.add(key);
  }
  // a listed number written exactly as the pages write it ("0640" or "640.0" is another address for the same answer)
  const oneOf = (name: string, allowed: readonly number[]): number | null | undefined => {
    const v = query.get(name);
    if (v === null) return null;
    return allowed.find((n) => String(n) === v);
  };
  const w = oneOf("w", REQUESTED_WIDTHS);
  if (w === undefined) return { ok: false, error: IMAGE_PARAM_MSG.width };
  const q = oneOf("q", QUALITIES);
  if (q === undefined) return { ok: false, error: IMAGE_PARAM_MSG.quality };
  const fit = query.get("fit");
  if (fit !== null && fit !== "crop") return { ok: false, error: IMAGE_PARAM_MSG.fit };
  const h = query.get("h");
  if ((fit === "crop") !== (h !== null) || (h !== null && w === null)) return { ok: false, error: IMAGE_PARAM_MSG.together };
  if (h !== null && (w !== SHARE_IMAGE.width || h !== String(SHARE_IMAGE.height))) return { ok: false, error: IMAGE_PARAM_MSG.crop };
  const auto = query.get("auto");
  if (auto !== null && auto !== "format") return { ok: false, error: IMAGE_PARAM_MSG.auto };
  return {
    ok: true,
    params: {
      // an address without a width (a feed's or the API's bare photo URL) is served at the max width
      width: Math.min(w ?? MAX_SERVED_WIDTH, MAX_SERVED_WIDTH),
      height: h === null ? null : SHARE_IMAGE.height,
      crop: fit === "crop",
      quality: q ?? DEFAULT_QUALITY,
      format: chooseFormat(auto === "format", accept, original),
    },
  };
}

/** The folder a photo's variants are kept in: its key without the extension (a content hash, or a demo photo's id). */
export const variantGroup = (key: string): string => key.replace(/\.\w+$/, "");

/** The name a variant is kept under in its photo's folder: one per distinct answer. */
export const variantName = (p: ImageParams): string =>
  `w${p.width}-h${p.height ?? 0}${p.crop ? "-crop" : ""}-q${p.quality}.${p.format === "jpeg" ? "jpg" : p.format}`;

/*
 * A stored photo's key: 128 bits of its SHA-256 (32 hex digits) and its type's extension; keys of 64
 * digits, from before the addresses were shortened, are still served. No key can name a path.
 */
const PHOTO_KEY = /^([0-9a-f]{32}|[0-9a-f]{64})\.(jpg|png)$/;
/** Whether a string is a stored photo's key at all (a request's path segment is checked before any store is asked). */
export const isPhotoKey = (key: string): boolean => PHOTO_KEY.test(key);
