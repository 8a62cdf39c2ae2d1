import { CATALOGUE, COLOURS } from "./catalogue";
import { slugify } from "@/domain/format/slug";

/**
 * Vehicle photos are generated locally (a drawing per body type, colour and angle, rendered by the
 * image service to a JPEG original: src/server/demo/photo-raster.ts): no external URLs.
 */
export { PLACEHOLDER_IMAGE as PLACEHOLDER_PHOTO } from "@/domain/stock/vehicle";
export const MAX_PHOTO_NUMBER = 50;

const slug = slugify;

export function photoUrl(body: string, colour: string, n: number): string {
  return `/images/demo/${slug(body)}/${slug(colour)}/${n}.jpg`;
}

/** The only body and colour segments a photo URL can carry: the catalogue's, by slug. */
const BODIES = new Map(Object.values(CATALOGUE).flatMap((models) => models.map((m) => [slug(m.body), m.body] as const)));
const COLOUR_NAMES = new Map(COLOURS.map((c) => [slug(c.name), c.name] as const));

/**
 * `/photos/{body}/{colour}/{n}.svg` (or `.jpg`, which redirects to the image service's `photoUrl`) → what to draw, or null for anything outside the known sets
 * (path segments are a stranger's input: they never reach the markup unchecked).
 */
export function parsePhotoPath(parts: readonly string[]): { body: string; colour: string; n: number; format: "svg" | "jpg" } | null {
  if (parts.length !== 3) return null;
  const [b, c, file] = parts as [string, string, string];
  const body = BODIES.get(b);
  const colour = COLOUR_NAMES.get(c);
  const m = /^([1-9]\d?)\.(svg|jpg)$/.exec(file);
  const n = m ? Number(m[1]) : 0;
  if (!body || !colour || n < 1 || n > MAX_PHOTO_NUMBER) return null;
  return { body, colour, n, format: m![2] as "svg" | "jpg" };
}
