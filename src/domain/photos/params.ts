/*
 * SPEC §7's image parameters, as the image service answers them: `w` (the srcset's widths run from
 * 640 to 3840; what is served is clamped to the max width 1280), `auto=format` (the best format the
 * browser says it takes: AVIF, else WebP, else JPEG), `q` (75 by default; 60 and 80 where the spec
 * says) and `h` with `fit=crop` (the 1200×630 share image). Anything else is a 400, never a guess.
 */
export const MAX_SERVED_WIDTH = 1280;
export const MAX_REQUESTED_WIDTH = 3840;
export const DEFAULT_QUALITY = 75;

export type ImageFormat = "avif" | "webp" | "jpeg" | "png";
export type ImageParams = {
  /** the width served (already clamped), or null for the original's */
  width: number | null;
  height: number | null;
  /** crop to width × height (the share image); else fit inside the width */
  crop: boolean;
  quality: number;
  format: ImageFormat;
};

const KNOWN = new Set(["w", "h", "q", "fit", "auto"]);
const INT = /^[1-9]\d{0,4}$/;

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
  const int = (name: string, max: number): number | null | undefined => {
    const v = query.get(name);
    if (v === null) return null;
    if (!INT.test(v) || Number(v) > max) return undefined;
    return Number(v);
  };
  const w = int("w", MAX_REQUESTED_WIDTH);
  if (w === undefined) return { ok: false, error: `w must be a whole number of pixels from 1 to ${MAX_REQUESTED_WIDTH}.` };
  const h = int("h", MAX_REQUESTED_WIDTH);
  if (h === undefined) return { ok: false, error: `h must be a whole number of pixels from 1 to ${MAX_REQUESTED_WIDTH}.` };
  const q = int("q", 100);
  if (q === undefined) return { ok: false, error: "q must be a whole number from 1 to 100." };
  const fit = query.get("fit");
  if (fit !== null && fit !== "crop") return { ok: false, error: 'fit can only be "crop".' };
  if ((fit === "crop") !== (h !== null)) return { ok: false, error: "h and fit=crop go together (with w)." };
  if (h !== null && w === null) return { ok: false, error: "h and fit=crop go together (with w)." };
  const auto = query.get("auto");
  if (auto !== null && auto !== "format") return { ok: false, error: 'auto can only be "format".' };
  // a crop keeps its shape when the width is clamped
  const width = w === null ? null : Math.min(w, MAX_SERVED_WIDTH);
  const height = h === null || w === null ? null : Math.max(1, Math.round((h * width!) / w));
  return {
    ok: true,
    params: {
      width,
      height,
      crop: fit === "crop",
      quality: q ?? DEFAULT_QUALITY,
      format: chooseFormat(auto === "format", accept, original),
    },
  };
}

/** The name a variant is kept under beside its original: one per distinct answer. */
export const variantName = (key: string, p: ImageParams): string =>
  `${key.replace(/\.\w+$/, "")}-w${p.width ?? 0}-h${p.height ?? 0}${p.crop ? "-crop" : ""}-q${p.quality}.${p.format === "jpeg" ? "jpg" : p.format}`;
