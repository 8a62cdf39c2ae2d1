import { CATALOGUE, COLOURS } from "./catalogue";
import { slugify } from "@/domain/format/slug";

/**
 * Vehicle photos are generated locally (a drawing per body type, model, colour and view, rendered
 * by the image service to a JPEG original: src/server/demo/photo-raster.ts): no external URLs.
 */
export { PLACEHOLDER_IMAGE as PLACEHOLDER_PHOTO } from "@/domain/stock/vehicle";
export const MAX_PHOTO_NUMBER = 50;

const slug = slugify;

/**
 * A demo photo's address: `/images/demo/{body}/{colour}/{make-model}/{n}.jpg`. Without a model
 * (`{body}/{colour}/{n}.jpg`, as databases seeded before the models were drawn still hold) the
 * photo is drawn in the body type's plain look.
 */
export function photoUrl(body: string, colour: string, n: number, model?: string | null): string {
  return `/images/demo/${slug(body)}/${slug(colour)}/${model ? `${slug(model)}/` : ""}${n}.jpg`;
}

/** The only body and colour segments a photo URL can carry: the catalogue's, by slug. */
const BODIES = new Map(Object.values(CATALOGUE).flatMap((models) => models.map((m) => [slug(m.body), m.body] as const)));
const COLOUR_NAMES = new Map(COLOURS.map((c) => [slug(c.name), c.name] as const));
/** The catalogue's models by the slug of "Make Model", with their body type. */
const MODELS = new Map(
  Object.entries(CATALOGUE).flatMap(([make, models]) =>
    models.map((m) => [slug(`${make} ${m.model}`), { name: `${make} ${m.model}`, body: m.body }] as const),
  ),
);

export type DemoPhoto = { body: string; colour: string; model: string | null; n: number; format: "svg" | "jpg" };

/**
 * `/photos/{body}/{colour}[/{make-model}]/{n}.svg` (or `.jpg`, which redirects to the image
 * service's `photoUrl`) → what to draw, or null for anything outside the known sets: a model must be
 * the catalogue's and of that body type (path segments are a stranger's input: they never reach the
 * markup unchecked).
 */
export function parsePhotoPath(parts: readonly string[]): DemoPhoto | null {
  if (parts.length !== 3 && parts.length !== 4) return null;
  const [b, c] = parts as [string, string];
  const file = parts.at(-1)!;
  const body = BODIES.get(b);
  const colour = COLOUR_NAMES.get(c);
  const model = parts.length === 4 ? MODELS.get(parts[2]!) : undefined;
  if (parts.length === 4 && (!model || model.body !== body)) return null;
  const m = /^([1-9]\d?)\.(svg|jpg)$/.exec(file);
  const n = m ? Number(m[1]) : 0;
  if (!body || !colour || n < 1 || n > MAX_PHOTO_NUMBER) return null;
  return { body, colour, model: model?.name ?? null, n, format: m![2] as "svg" | "jpg" };
}
