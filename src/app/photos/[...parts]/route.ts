import { LRUCache } from "lru-cache";
import { bodyTypeSvg, brandEmblemSvg, PLACEHOLDER_SVG } from "@/domain/artwork/svg";
import { own } from "@/domain/own";
import { looksLikeDemoPhoto } from "@/domain/photos/demo-path";
import { parseImageParams } from "@/domain/photos/params";

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

/**
 * Drawn photos are the same for every width a srcset asks for: each drawing is made once and kept,
 * at most MEMO_LIMIT, the least recently used out first. A crawler walking every width costs a
 * lookup, not a drawing.
 */
const MEMO_LIMIT = 400;
const drawings = new LRUCache<string, string>({ max: MEMO_LIMIT });

type DemoDrawings = (typeof import("@/server/demo"))["demoDrawings"];
const demoDrawings = async (): Promise<DemoDrawings> => (await import("@/server/demo")).demoDrawings;

/**
 * The drawings by kind: the platform's own artwork, drawn for every dealer, and the demo dealers'
 * pictures, whose code is loaded through its one door only when one is asked for.
 */
const ARTWORK: Record<string, (name: string) => string | null | Promise<string | null>> = {
  brand: brandEmblemSvg,
  body: bodyTypeSvg,
  scene: async (name) => (await demoDrawings()).sceneSvg(name),
  logo: async (name) => (await demoDrawings()).dealerLogoSvg(name),
};

/** A query the image service answers (its fixed sizes and qualities), or none. */
const imageServiceQuery = (q: URLSearchParams): string => (q.size > 0 && parseImageParams(q, null, "jpeg").ok ? `?${q.toString()}` : "");

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8", "x-content-type-options": "nosniff" } });

// GET /photos/{body}/{colour}[/{make-model}]/{n}.svg — locally generated demo vehicle drawings (no external URLs); the
// .jpg of one is a permanent redirect to the image service's demo photo (/images/demo/…).
export async function GET(req: Request, { params }: { params: Promise<{ parts: string[] }> }) {
  const { parts } = await params;
  if (parts.length === 1 && parts[0] === "placeholder.svg") return new Response(PLACEHOLDER_SVG, { headers: SVG_HEADERS });
  // /photos/scene/{name}.svg (a demo dealer's hero banner), /photos/brand/{slug}.svg (a brand emblem),
  // /photos/body/{slug}.svg (a body type's outline, for "shop by type"), /photos/logo/{site}.svg and
  // {site}-mark.svg (a demo dealer's logo and its small version)
  const draw = parts.length === 2 ? own(ARTWORK, parts[0]!) : undefined;
  if (draw) {
    const name = /^([a-z0-9-]{1,40})\.svg$/.exec(parts[1]!)?.[1];
    const svg = name ? await draw(name) : null;
    return svg ? new Response(svg, { headers: SVG_HEADERS }) : notFound();
  }
  // the demo code is loaded only for a path shaped like a demo photo's
  if (!looksLikeDemoPhoto(parts)) return notFound();
  const demo = await demoDrawings();
  const photo = demo.parsePhotoPath(parts);
  if (!photo) return notFound();
  // A raster copy is the image service's demo photo, with the same parameters: one pipeline (sizes,
  // formats, bounds, disk cache) for every raster the platform serves. The address stays good: the
  // query goes along when the image service takes it, else the photo at its default size.
  if (photo.format === "jpg")
    return new Response(null, {
      status: 308,
      headers: {
        location: `${demo.photoUrl(photo.body, photo.colour, photo.n, photo.model)}${imageServiceQuery(new URL(req.url).searchParams)}`,
        "cache-control": "public, max-age=86400",
      },
    });
  // the image-service parameters: w and h with fit=crop give a filled, cropped box (the share image)
  const q = new URL(req.url).searchParams;
  const side = (v: string | null) => (v && /^\d{1,4}$/.test(v) && Number(v) >= 1 && Number(v) <= MAX_SIDE ? Number(v) : 0);
  const w = side(q.get("w")),
    h = side(q.get("h"));
  const size = q.get("fit") === "crop" && w && h ? { width: w, height: h } : undefined;
  const key = `${photo.body}/${photo.colour}/${photo.model ?? ""}/${photo.n}/${size ? `${size.width}x${size.height}` : ""}`;
  let svg = drawings.get(key);
  if (svg === undefined) drawings.set(key, (svg = demo.vehicleSvg(photo.body, photo.colour, photo.n, size, photo.model ?? undefined)));
  return new Response(svg, { headers: SVG_HEADERS });
}
