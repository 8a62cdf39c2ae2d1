import sharp from "sharp";
import { PLACEHOLDER_SVG, vehicleSvg } from "@/server/demo/photo-svg";
import { parsePhotoPath } from "@/server/demo/photos";
import { bodyTypeSvg, brandEmblemSvg, dealerLogoSvg, sceneSvg } from "@/server/demo/scenes";
import { own } from "@/domain/own";

/**
 * SVG is a document that can carry script: these answers forbid any (CSP with no script source,
 * sandboxed), are never sniffed as another type, and only known segments reach the markup.
 */
const SVG_HEADERS = {
  "content-type": "image/svg+xml; charset=utf-8",
  "cache-control": "public, max-age=31536000, immutable",
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  "x-content-type-options": "nosniff",
};
const MAX_SIDE = 3840;
const JPEG_HEADERS = {
  "content-type": "image/jpeg",
  "cache-control": "public, max-age=31536000, immutable",
  "x-content-type-options": "nosniff",
};

/**
 * Drawn photos are the same for every width a srcset asks for: each drawing (and each JPEG copy) is
 * made once and kept, at most MEMO_LIMIT of each, oldest out first. A crawler walking every width
 * costs a lookup, not a drawing.
 */
const MEMO_LIMIT = 400;
function memo<T>(limit: number) {
  const entries = new Map<string, T>();
  return (key: string, make: () => T): T => {
    const hit = entries.get(key);
    if (hit !== undefined) return hit;
    const value = make();
    entries.set(key, value);
    if (value instanceof Promise) value.catch(() => entries.delete(key)); // never keep a failure
    if (entries.size > limit) entries.delete(entries.keys().next().value!);
    return value;
  };
}
const drawings = memo<string>(MEMO_LIMIT);
const jpegs = memo<Promise<Buffer>>(MEMO_LIMIT / 4);

const ARTWORK: Record<string, (name: string) => string | null> = {
  scene: sceneSvg,
  brand: brandEmblemSvg,
  body: bodyTypeSvg,
  logo: dealerLogoSvg,
};

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" } });

// GET /photos/{body}/{colour}/{n}.svg — locally generated demo vehicle photos (no external URLs).
export async function GET(req: Request, { params }: { params: Promise<{ parts: string[] }> }) {
  const { parts } = await params;
  if (parts.length === 1 && parts[0] === "placeholder.svg") return new Response(PLACEHOLDER_SVG, { headers: SVG_HEADERS });
  // /photos/scene/{name}.svg (a demo dealer's hero banner), /photos/brand/{slug}.svg (a brand emblem),
  // /photos/body/{slug}.svg (a body type's outline, for "shop by type"), /photos/logo/{site}.svg and
  // {site}-mark.svg (a demo dealer's logo and its small version)
  const drawn = parts.length === 2 ? own(ARTWORK, parts[0]!) : undefined;
  if (drawn) {
    const name = /^([a-z0-9-]{1,40})\.svg$/.exec(parts[1]!)?.[1];
    const svg = name ? drawn(name) : null;
    return svg ? new Response(svg, { headers: SVG_HEADERS }) : notFound();
  }
  const photo = parsePhotoPath(parts);
  if (!photo) return notFound();
  // the image-service parameters: w and h with fit=crop give a filled, cropped box (the share image)
  const q = new URL(req.url).searchParams;
  const side = (v: string | null) => (v && /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_SIDE ? Number(v) : 0);
  const w = side(q.get("w")),
    h = side(q.get("h"));
  const size = q.get("fit") === "crop" && w && h ? { width: w, height: h } : undefined;
  const key = `${photo.body}/${photo.colour}/${photo.n}/${size ? `${size.width}x${size.height}` : ""}`;
  const svg = drawings(key, () => vehicleSvg(photo.body, photo.colour, photo.n, size));
  if (photo.format === "svg") return new Response(svg, { headers: SVG_HEADERS });
  // a raster copy (share images: social networks do not show SVG)
  const quality = Math.min(100, Math.max(30, Number(q.get("q")) || 80));
  const jpeg = await jpegs(`${key}/${quality}`, () =>
    sharp(Buffer.from(svg)).flatten({ background: "#ffffff" }).jpeg({ quality, mozjpeg: true }).toBuffer(),
  );
  return new Response(new Uint8Array(jpeg), { headers: { ...JPEG_HEADERS, "content-length": String(jpeg.length) } });
}
