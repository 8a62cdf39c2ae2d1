import { z } from "zod";
import { textLine } from "../text-schema";
import { PLACEHOLDER_IMAGE } from "./vehicle";

/*
 * A car's photos as a dealer arranges them: uploaded or fetched from a feed, kept in an
 * order, the first one the main photo, each with its alt text. The car's image columns follow from that
 * order: `primary_image_url` is the main photo (the placeholder when there is none), `thumbnails`
 * lists every photo main first (the gallery's order, as the demo and the feeds have it), and
 * `photos_count` counts them. Pure.
 */

export const MAX_PHOTOS_PER_VEHICLE = 50;
export const MAX_ALT_LENGTH = 200;

export type VehiclePhoto = { id: number; key: string; alt: string; position: number; width: number | null; height: number | null };

/** The image service's address of a stored photo. */
export const storedPhotoUrl = (key: string): string => `/images/${key}`;

/** A photo as the back-office API answers it and its editor shows it. */
export type PhotoView = {
  id: number;
  url: string;
  alt: string;
  position: number;
  main: boolean;
  width: number | null;
  height: number | null;
};
export const photoView = (p: VehiclePhoto): PhotoView => ({
  id: p.id,
  url: storedPhotoUrl(p.key),
  alt: p.alt,
  position: p.position,
  main: p.position === 0,
  width: p.width,
  height: p.height,
});

export const PHOTOS_MSG = {
  order: "List each of the car's photos once, in the new order.",
  main: "Choose one of the car's photos as the main photo.",
  alt: "Describe only the car's own photos.",
  tooMany: `A car can have at most ${MAX_PHOTOS_PER_VEHICLE} photos. Delete some before adding more.`,
  none: "Choose at least one photo to upload.",
} as const;

const photoId = z.number().int().positive().max(2_147_483_647);

/** PUT …/photos: a new order, a main photo and alt texts, any of them. */
export const PhotoEditSchema = z
  .object({
    order: z.array(photoId).max(MAX_PHOTOS_PER_VEHICLE, PHOTOS_MSG.order).optional(),
    main: photoId.optional(),
    alt: z
      .array(
        z.object({
          id: photoId,
          text: textLine().trim().max(MAX_ALT_LENGTH, `Keep the alt text under ${MAX_ALT_LENGTH} characters`),
        }),
      )
      .max(MAX_PHOTOS_PER_VEHICLE)
      .optional(),
  })
  .strict();
export type PhotoEdit = z.infer<typeof PhotoEditSchema>;

/** The car's photos after an edit (positions 0…n-1, main first), or the field and message of a 422. */
export function applyPhotoEdit(
  photos: readonly VehiclePhoto[],
  edit: PhotoEdit,
): { ok: true; photos: VehiclePhoto[] } | { ok: false; field: "order" | "main" | "alt"; message: string } {
  const byId = new Map(photos.map((p) => [p.id, p]));
  let ordered = [...photos].sort((a, b) => a.position - b.position);
  if (edit.order) {
    const ids = new Set(edit.order);
    if (ids.size !== edit.order.length || ids.size !== photos.length || edit.order.some((id) => !byId.has(id)))
      return { ok: false, field: "order", message: PHOTOS_MSG.order };
    ordered = edit.order.map((id) => byId.get(id)!);
  }
  if (edit.main !== undefined) {
    const main = byId.get(edit.main);
    if (!main) return { ok: false, field: "main", message: PHOTOS_MSG.main };
    ordered = [main, ...ordered.filter((p) => p.id !== main.id)];
  }
  const alts = new Map<number, string>();
  for (const a of edit.alt ?? []) {
    if (!byId.has(a.id)) return { ok: false, field: "alt", message: PHOTOS_MSG.alt };
    alts.set(a.id, a.text);
  }
  return { ok: true, photos: ordered.map((p, position) => ({ ...p, position, alt: alts.get(p.id) ?? p.alt })) };
}

/** The image columns (primary_image_url, thumbnails) of a car from its photos in order. */
export function vehicleImageColumns(photos: readonly Pick<VehiclePhoto, "key" | "alt" | "position">[]) {
  const ordered = [...photos].sort((a, b) => a.position - b.position);
  const thumbnails = ordered.map((p) => storedPhotoUrl(p.key));
  return {
    primaryImageUrl: thumbnails[0] ?? PLACEHOLDER_IMAGE,
    thumbnails,
    photoAlts: ordered.map((p) => p.alt),
    photosCount: thumbnails.length,
  };
}
