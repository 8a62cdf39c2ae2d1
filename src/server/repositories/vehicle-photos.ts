import "server-only";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { serverNow } from "@/server/base/clock";
import { isPhotoKey } from "@/domain/photos/params";
import { withEdited, withoutEdited } from "@/domain/stock/edited";
import {
  applyPhotoEdit,
  MAX_PHOTOS_PER_VEHICLE,
  mergeFeedPhotos,
  PHOTOS_MSG,
  shownPhotos,
  vehicleImageColumns,
  type PhotoEdit,
  type VehiclePhoto,
} from "@/domain/stock/photos";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { type Actor, writeAudit } from "./audit";

/*
 * A car's photos. Every function takes the site already checked against the staff
 * member's roles and puts it in each query; a car of another site is simply not found. Each change
 * rewrites the car's image columns from the rows, in the same transaction, and is audited.
 */

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type NewPhoto = { key: string; width: number | null; height: number | null; sourceUrl?: string | null; alt?: string };
/** A feed's photo, fetched: its content key, size and the address it came from. */
export type FetchedFeedPhoto = NewPhoto & { sourceUrl: string };

/** A refusal a dealer can act on (the API answers 422 with the field and message). */
export class PhotosRefused extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const columns = {
  id: t.vehiclePhotos.id,
  key: t.vehiclePhotos.key,
  alt: t.vehiclePhotos.alt,
  position: t.vehiclePhotos.position,
  width: t.vehiclePhotos.width,
  height: t.vehiclePhotos.height,
  sourceUrl: t.vehiclePhotos.sourceUrl,
};

const ofCar = (siteId: number, vehicleId: number) => and(eq(t.vehiclePhotos.siteId, siteId), eq(t.vehiclePhotos.vehicleId, vehicleId));

export async function listVehiclePhotos(db: Db | Tx, siteId: number, vehicleId: number): Promise<VehiclePhoto[]> {
  return db
    .select(columns)
    .from(t.vehiclePhotos)
    .where(ofCar(siteId, vehicleId))
    .orderBy(asc(t.vehiclePhotos.position), asc(t.vehiclePhotos.id));
}

/** The car, locked for this transaction (null when the site has no such car). */
async function lockCar(tx: Tx, siteId: number, vehicleId: number) {
  const [car] = await tx
    .select({
      id: t.vehicles.id,
      stockNumber: t.vehicles.stockNumber,
      thumbnails: t.vehicles.thumbnails,
      photoAlts: t.vehicles.photoAlts,
      editedFields: t.vehicles.editedFields,
      photosOrderedAt: t.vehicles.photosOrderedAt,
    })
    .from(t.vehicles)
    .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, vehicleId)))
    .for("update");
  return car ?? null;
}

/** Writes the car's image columns from its rows (and the rows' positions 0…n-1). */
async function sync(tx: Tx, siteId: number, vehicleId: number, photos: VehiclePhoto[]): Promise<VehiclePhoto[]> {
  const ordered = photos.map((p, position) => ({ ...p, position }));
  for (const p of ordered)
    await tx
      .update(t.vehiclePhotos)
      .set({ position: p.position, alt: p.alt })
      .where(and(ofCar(siteId, vehicleId), eq(t.vehiclePhotos.id, p.id)));
  await tx
    .update(t.vehicles)
    .set(vehicleImageColumns(ordered))
    .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, vehicleId)));
  return ordered;
}

type LockedCar = NonNullable<Awaited<ReturnType<typeof lockCar>>>;
const summary = (photos: VehiclePhoto[]) => photos.map((p) => ({ key: p.key, alt: p.alt }));
const ofVehicle = (siteId: number, vehicleId: number) => and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, vehicleId));

/**
 * One change to a car's photos, in a transaction: the car locked (null when the site has no such
 * car), `change` given its photos and answering them afterwards (or null: nothing to change), the
 * car's columns written, the change audited (when a person made it) and the keys no car holds any
 * more returned for the caller to remove from the store.
 */
async function changePhotos(
  db: Db,
  siteId: number,
  vehicleId: number,
  audit: { by: Actor; action: string } | null,
  change: (tx: Tx, before: VehiclePhoto[], car: LockedCar) => Promise<VehiclePhoto[] | null>,
): Promise<{ photos: VehiclePhoto[]; unusedKeys: string[] } | null> {
  return db.transaction(async (tx) => {
    const car = await lockCar(tx, siteId, vehicleId);
    if (!car) return null;
    const before = await listVehiclePhotos(tx, siteId, vehicleId);
    const changed = await change(tx, before, car);
    if (!changed) return null;
    const after = await sync(tx, siteId, vehicleId, changed);
    if (audit)
      await writeAudit(tx, {
        siteId,
        by: audit.by,
        action: audit.action,
        entity: `vehicle:${car.stockNumber}`,
        before: summary(before),
        after: summary(after),
      });
    const kept = new Set(after.map((p) => p.key));
    // only the store's own photos leave it: a demo drawing a car held is drawn for every car that shows it
    const removed = [...new Set(before.map((p) => p.key).filter((k) => !kept.has(k) && isPhotoKey(k)))];
    const held = removed.length
      ? new Set(
          (await tx.selectDistinct({ key: t.vehiclePhotos.key }).from(t.vehiclePhotos).where(inArray(t.vehiclePhotos.key, removed))).map(
            (r) => r.key,
          ),
        )
      : new Set<string>();
    return { photos: after, unusedKeys: removed.filter((k) => !held.has(k)) };
  });
}

/** Inserts photos at the given positions (the caller renumbers through sync); the rows made. */
async function insertPhotos(tx: Tx, siteId: number, vehicleId: number, photos: NewPhoto[], from: number): Promise<VehiclePhoto[]> {
  if (!photos.length) return [];
  return tx
    .insert(t.vehiclePhotos)
    .values(
      photos.map((p, i) => ({
        siteId,
        vehicleId,
        key: p.key,
        alt: p.alt ?? "",
        position: from + i,
        width: p.width,
        height: p.height,
        sourceUrl: p.sourceUrl ?? null,
      })),
    )
    .returning(columns);
}

const firstOfEachKey = <T extends { key: string }>(list: T[], except: Set<string> = new Set()) =>
  list.filter((p, i) => !except.has(p.key) && list.findIndex((q) => q.key === p.key) === i);

/**
 * Adds a person's photos after the car's photos, the feed's included (a photo the car has already is
 * not added twice); null when the site has no such car. Refused when the car would have more than
 * MAX_PHOTOS_PER_VEHICLE. A car that shows photos without rows of its own (the demo's drawings) keeps
 * them: they become its rows first, so an upload adds to them rather than taking their place.
 *
 * With `replace`, the feed's photos leave the car instead and the car's photos count as edited here
 * ("photos" in vehicles.edited_fields): later feeds' photos are not applied to it until the dealer
 * hands the photos back (handBackPhotos).
 */
export async function addVehiclePhotos(
  db: Db,
  siteId: number,
  vehicleId: number,
  added: NewPhoto[],
  by: Actor,
  opts: { replace?: boolean } = {},
) {
  const action = opts.replace ? "vehicle.photos.replace" : "vehicle.photos.add";
  const r = await changePhotos(db, siteId, vehicleId, { by, action }, async (tx, before, car) => {
    let current = before;
    if (opts.replace) {
      await tx.delete(t.vehiclePhotos).where(and(ofCar(siteId, vehicleId), isNotNull(t.vehiclePhotos.sourceUrl)));
      await tx
        .update(t.vehicles)
        .set({ editedFields: withEdited(car.editedFields, ["photos"]) })
        .where(ofVehicle(siteId, vehicleId));
      current = before.filter((p) => p.sourceUrl == null);
    } else if (!before.length) {
      const shown = shownPhotos(car.thumbnails, car.photoAlts).map((p) => ({ ...p, width: null, height: null }));
      await insertPhotos(tx, siteId, vehicleId, shown, 0);
      current = await listVehiclePhotos(tx, siteId, vehicleId);
    }
    const fresh = firstOfEachKey(added, new Set(current.map((p) => p.key)));
    if (current.length + fresh.length > MAX_PHOTOS_PER_VEHICLE) throw new PhotosRefused("photos", PHOTOS_MSG.tooMany);
    await insertPhotos(tx, siteId, vehicleId, fresh, current.length);
    return listVehiclePhotos(tx, siteId, vehicleId);
  });
  return r?.photos ?? null;
}

/**
 * The dealer hands the car's photos back to the feed: "photos" leaves vehicles.edited_fields, so the
 * feed's photos apply again (the caller applies the latest ones it knows). False when the site has no
 * such car.
 */
export async function handBackPhotos(db: Db, siteId: number, vehicleId: number, by: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const car = await lockCar(tx, siteId, vehicleId);
    if (!car) return false;
    const editedFields = withoutEdited(car.editedFields, ["photos"]);
    // the feed's photos come back in the feed's order (a person's order was of the photos they replaced them with)
    await tx.update(t.vehicles).set({ editedFields, photosOrderedAt: null }).where(ofVehicle(siteId, vehicleId));
    await writeAudit(tx, {
      siteId,
      by,
      action: "vehicle.photos.hand-back",
      entity: `vehicle:${car.stockNumber}`,
      before: { edited: car.editedFields },
      after: { edited: editedFields },
    });
    return true;
  });
}

/**
 * A new order, main photo and alt texts; null when the site has no such car. A new order or main
 * photo is a person's order (vehicles.photos_ordered_at), which later feeds keep.
 */
export async function editVehiclePhotos(db: Db, siteId: number, vehicleId: number, edit: PhotoEdit, by: Actor) {
  const r = await changePhotos(db, siteId, vehicleId, { by, action: "vehicle.photos.edit" }, async (tx, before) => {
    const edited = applyPhotoEdit(before, edit);
    if (!edited.ok) throw new PhotosRefused(edited.field, edited.message);
    if (edit.order || edit.main !== undefined)
      await tx
        .update(t.vehicles)
        .set({ photosOrderedAt: new Date(serverNow()) })
        .where(ofVehicle(siteId, vehicleId));
    return edited.photos;
  });
  return r?.photos ?? null;
}

/**
 * Takes one photo off a car: the car's photos and the keys no car holds any more (the caller
 * removes them from the store); null when the site has no such car or photo.
 */
export async function deleteVehiclePhoto(db: Db, siteId: number, vehicleId: number, photoId: number, by: Actor) {
  return changePhotos(db, siteId, vehicleId, { by, action: "vehicle.photos.delete" }, async (tx, before) => {
    if (!before.some((p) => p.id === photoId)) return null;
    await tx.delete(t.vehiclePhotos).where(and(ofCar(siteId, vehicleId), eq(t.vehiclePhotos.id, photoId)));
    return before.filter((p) => p.id !== photoId);
  });
}

/**
 * A stock feed's photos for a car, in the feed's order, merged with the car's by the rule in
 * src/domain/stock/photos.ts (`mergeFeedPhotos`): the photos still in the feed stay (where a person
 * put them, when one ordered the photos), the ones gone from it go, new ones are added, uploads stay.
 * Null when the site has no such car, or when a person replaced the feed's photos with their own
 * ("photos" edited here): then the feed's photos wait until the dealer hands the photos back.
 */
export async function applyFeedPhotosToCar(db: Db, siteId: number, vehicleId: number, feed: FetchedFeedPhoto[]) {
  return changePhotos(db, siteId, vehicleId, null, async (tx, before, car) => {
    if (car.editedFields.includes("photos")) return null;
    const held = before.map((p) => ({ id: p.id, key: p.key, sourceUrl: p.sourceUrl ?? null }));
    const merged = mergeFeedPhotos(held, feed, car.photosOrderedAt !== null);
    if (merged.removed.length)
      await tx.delete(t.vehiclePhotos).where(and(ofCar(siteId, vehicleId), inArray(t.vehiclePhotos.id, merged.removed)));
    const byId = new Map(before.map((p) => [p.id, p]));
    const adds = merged.photos.flatMap((m) => ("add" in m ? [m.add] : []));
    const inserted = adds.length ? await insertPhotos(tx, siteId, vehicleId, adds, before.length) : [];
    const insertedByKey = new Map(inserted.map((p) => [p.key, p]));
    const after: VehiclePhoto[] = [];
    for (const m of merged.photos) {
      if ("add" in m) {
        after.push(insertedByKey.get(m.add.key)!);
        continue;
      }
      const p = byId.get(m.keep)!;
      if (p.sourceUrl !== m.sourceUrl)
        await tx
          .update(t.vehiclePhotos)
          .set({ sourceUrl: m.sourceUrl })
          .where(and(ofCar(siteId, vehicleId), eq(t.vehiclePhotos.id, p.id)));
      after.push({ ...p, sourceUrl: m.sourceUrl });
    }
    return after;
  });
}

/*
 * The photo store is shared by every site and keyed by the photo's content, so the same bytes
 * uploaded on two sites are kept once: these two look across sites on purpose (they answer only
 * whether a key is held and its size, nothing of the car or the site holding it).
 */

/** A stored photo under any of these keys, with its size (the first found), or null. */
export async function findHeldPhoto(
  db: Db,
  keys: readonly string[],
): Promise<{ key: string; width: number | null; height: number | null } | null> {
  if (!keys.length) return null;
  const [held] = await db
    .select({ key: t.vehiclePhotos.key, width: t.vehiclePhotos.width, height: t.vehiclePhotos.height })
    .from(t.vehiclePhotos)
    .where(inArray(t.vehiclePhotos.key, [...keys]))
    .limit(1);
  return held ?? null;
}

/** Which of these keys a car's photo still holds. */
export async function heldPhotoKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .selectDistinct({ key: t.vehiclePhotos.key })
    .from(t.vehiclePhotos)
    .where(inArray(t.vehiclePhotos.key, [...keys]));
  return new Set(rows.map((r) => r.key));
}
