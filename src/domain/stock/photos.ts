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

export type VehiclePhoto = {
  id: number;
  key: string;
  alt: string;
  position: number;
  width: number | null;
  height: number | null;
  /** the feed's address it came from; null (or absent) for a photo a person uploaded */
  sourceUrl?: string | null;
};

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
  /** it came from the stock feed (or the demo), not from a person's upload */
  fromFeed: boolean;
};
export const photoView = (p: VehiclePhoto): PhotoView => ({
  id: p.id,
  url: storedPhotoUrl(p.key),
  alt: p.alt,
  position: p.position,
  main: p.position === 0,
  width: p.width,
  height: p.height,
  fromFeed: p.sourceUrl != null,
});

/** "1 photo", "3 photos". */
export const countOf = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * How many photos a car has and where they came from, as its editor says it: "14 photos: 12 from the
 * feed, 2 uploaded." `shownElsewhere` counts the photos it shows without rows of its own (the demo's).
 */
export function photoCountLine(photos: readonly Pick<PhotoView, "fromFeed">[], shownElsewhere: number): string {
  if (!photos.length) return shownElsewhere ? `${countOf(shownElsewhere, "photo")} from the feed.` : "No photos yet.";
  const fed = photos.filter((p) => p.fromFeed).length;
  const parts = [fed ? `${fed} from the feed` : "", photos.length - fed ? `${photos.length - fed} uploaded` : ""].filter(Boolean);
  return `${countOf(photos.length, "photo")}: ${parts.join(", ")}.`;
}

export const PHOTOS_MSG = {
  order: "List each of the car's photos once, in the new order.",
  main: "Choose one of the car's photos as the main photo.",
  alt: "Describe only the car's own photos.",
  tooMany: `A car can have at most ${MAX_PHOTOS_PER_VEHICLE} photos. Delete some before adding more.`,
  none: "Choose at least one photo to upload.",
  replace: "Say 1 to replace the feed's photos with these, or leave it out to add them.",
} as const;

/** The form fields an upload may carry beside its photos: `replace=1` takes the feed's photos off the car. */
export const PhotoUploadFieldsSchema = z
  .object({ replace: z.enum(["0", "1"], PHOTOS_MSG.replace).optional() })
  .strict()
  .transform((f) => ({ replace: f.replace === "1" }));

/** A form's fields as one object: a name given twice is refused (null), as it would say two things. */
export function fieldsOnce(fields: ReadonlyArray<readonly [string, string]>): Record<string, string> | null {
  const out: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [name, value] of fields) {
    if (Object.hasOwn(out, name)) return null;
    out[name] = value;
  }
  return out;
}

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

/*
 * A feed's photos meet the car's. The car may hold photos a person uploaded, the photos an earlier
 * feed gave, and an order a person set (vehicles.photos_ordered_at). When the feed's new list
 * arrives:
 * - a photo still in the feed (the same address, or the same picture under a new address) is the
 *   same photo: it keeps its row, so its alt text and, when a person ordered the photos, its place;
 * - a photo the feed no longer lists goes; a new one is added;
 * - a photo a person uploaded always stays; the feed's copy of the same picture is not added twice.
 * With a person's order, everything the car keeps stays where the person put it and the feed's new
 * photos go at the end. Without one, the feed's order is used: the feed's photos first (the feed
 * decides the main photo, as a dealer's system expects), then the uploads in their order.
 * At most MAX_PHOTOS_PER_VEHICLE: the feed's new photos at the end are the ones left out.
 */

/** A photo the car holds, as the merge sees it (in the car's order). */
export type HeldPhoto = { id: number; key: string; sourceUrl: string | null };
/** One of the feed's photos, fetched and kept under its content key. */
export type FeedPhoto = { key: string; sourceUrl: string };
/** The car's photos after the merge, in order: a row kept (with the feed address it now has) or a feed photo to add. */
export type MergedPhoto<F extends FeedPhoto> = { keep: number; sourceUrl: string | null } | { add: F };

export function mergeFeedPhotos<F extends FeedPhoto>(
  held: readonly HeldPhoto[],
  feed: readonly F[],
  personOrdered: boolean,
  max = MAX_PHOTOS_PER_VEHICLE,
): { photos: MergedPhoto<F>[]; removed: number[] } {
  const uploadedKeys = new Set(held.filter((h) => h.sourceUrl === null).map((h) => h.key));
  // the feed's list, each picture once, without the ones a person uploaded already
  const wanted = feed.filter((f, i) => !uploadedKeys.has(f.key) && feed.findIndex((x) => x.key === f.key) === i);
  // each of the car's feed photos matched to the feed's photo it still is (by address first, then by picture)
  const matchOf = new Map<number, F>();
  const taken = new Set<F>();
  const fromFeed = held.filter((h) => h.sourceUrl !== null);
  for (const same of [(h: HeldPhoto, f: F) => f.sourceUrl === h.sourceUrl, (h: HeldPhoto, f: F) => f.key === h.key])
    for (const h of fromFeed) {
      if (matchOf.has(h.id)) continue;
      const f = wanted.find((x) => !taken.has(x) && same(h, x));
      if (!f) continue;
      matchOf.set(h.id, f);
      taken.add(f);
    }
  const rowOf = new Map([...matchOf].map(([id, f]) => [f, id]));
  const removed = fromFeed.filter((h) => !matchOf.has(h.id)).map((h) => h.id);
  const kept = (h: HeldPhoto): MergedPhoto<F> => ({ keep: h.id, sourceUrl: matchOf.get(h.id)?.sourceUrl ?? h.sourceUrl });
  const room = Math.max(0, max - (held.length - removed.length));
  // a picture a kept row holds already (under another address) is not added beside it
  const keptKeys = new Set(held.filter((h) => h.sourceUrl === null || matchOf.has(h.id)).map((h) => h.key));
  const added = wanted.filter((f) => !rowOf.has(f) && !keptKeys.has(f.key)).slice(0, room);
  const addedSet = new Set(added);
  const uploads = held.filter((h) => h.sourceUrl === null).map(kept);
  const photos: MergedPhoto<F>[] = personOrdered
    ? [...held.filter((h) => h.sourceUrl === null || matchOf.has(h.id)).map(kept), ...added.map((f) => ({ add: f }))]
    : [
        ...wanted
          .filter((f) => rowOf.has(f) || addedSet.has(f))
          .map((f): MergedPhoto<F> => (rowOf.has(f) ? { keep: rowOf.get(f)!, sourceUrl: f.sourceUrl } : { add: f })),
        ...uploads,
      ];
  return { photos, removed };
}

/**
 * The photos a car shows without rows of its own (the demo's drawings, kept in its image columns),
 * as photos it can hold: those the image service serves (an address under /images/, not the
 * placeholder), each once, with their alt text. A person's first upload adds to these rather than
 * taking their place; they count as the feed's (a later feed or "replace" takes them off).
 */
export function shownPhotos(thumbnails: readonly string[], alts: readonly string[]): Array<FeedPhoto & { alt: string }> {
  const seen = new Set<string>();
  return thumbnails.flatMap((url, i) => {
    const key = url.startsWith("/images/") ? url.slice("/images/".length) : "";
    if (!key || url === PLACEHOLDER_IMAGE || /[?#]/.test(key) || seen.has(key)) return [];
    seen.add(key);
    return [{ key, sourceUrl: url, alt: alts[i] ?? "" }];
  });
}
