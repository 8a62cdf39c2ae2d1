import "server-only";
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import {
  applyPhotoEdit,
  MAX_PHOTOS_PER_VEHICLE,
  PHOTOS_MSG,
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
export type NewPhoto = { key: string; width: number; height: number; sourceUrl?: string | null; alt?: string };

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
    .select({ id: t.vehicles.id, stockNumber: t.vehicles.stockNumber })
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

const summary = (photos: VehiclePhoto[]) => photos.map((p) => ({ key: p.key, alt: p.alt }));

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
  change: (tx: Tx, before: VehiclePhoto[]) => Promise<VehiclePhoto[] | null>,
): Promise<{ photos: VehiclePhoto[]; unusedKeys: string[] } | null> {
  return db.transaction(async (tx) => {
    const car = await lockCar(tx, siteId, vehicleId);
    if (!car) return null;
    const before = await listVehiclePhotos(tx, siteId, vehicleId);
    const changed = await change(tx, before);
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
    const removed = [...new Set(before.map((p) => p.key).filter((k) => !kept.has(k)))];
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

/** Inserts photos at the given positions (the caller renumbers through sync). */
async function insertPhotos(tx: Tx, siteId: number, vehicleId: number, photos: NewPhoto[], from: number) {
  if (!photos.length) return;
  await tx.insert(t.vehiclePhotos).values(
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
  );
}

const firstOfEachKey = <T extends { key: string }>(list: T[], except: Set<string> = new Set()) =>
  list.filter((p, i) => !except.has(p.key) && list.findIndex((q) => q.key === p.key) === i);

/**
 * Adds photos after the car's own (a photo the car has already is not added twice); null when the
 * site has no such car. Refused when the car would have more than MAX_PHOTOS_PER_VEHICLE.
 */
export async function addVehiclePhotos(db: Db, siteId: number, vehicleId: number, added: NewPhoto[], by: Actor) {
  const r = await changePhotos(db, siteId, vehicleId, { by, action: "vehicle.photos.add" }, async (tx, before) => {
    const fresh = firstOfEachKey(added, new Set(before.map((p) => p.key)));
    if (before.length + fresh.length > MAX_PHOTOS_PER_VEHICLE) throw new PhotosRefused("photos", PHOTOS_MSG.tooMany);
    await insertPhotos(tx, siteId, vehicleId, fresh, before.length);
    return listVehiclePhotos(tx, siteId, vehicleId);
  });
  return r?.photos ?? null;
}

/** A new order, main photo and alt texts; null when the site has no such car. */
export async function editVehiclePhotos(db: Db, siteId: number, vehicleId: number, edit: PhotoEdit, by: Actor) {
  const r = await changePhotos(db, siteId, vehicleId, { by, action: "vehicle.photos.edit" }, async (_tx, before) => {
    const edited = applyPhotoEdit(before, edit);
    if (!edited.ok) throw new PhotosRefused(edited.field, edited.message);
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
 * A stock feed's photos for a car, in the feed's order: they take the place of the photos an
 * earlier feed gave, before the ones a person uploaded (a photo the car holds already is kept once).
 */
export async function replaceFeedPhotos(db: Db, siteId: number, vehicleId: number, feed: NewPhoto[]) {
  return changePhotos(db, siteId, vehicleId, null, async (tx) => {
    await tx.delete(t.vehiclePhotos).where(and(ofCar(siteId, vehicleId), isNotNull(t.vehiclePhotos.sourceUrl)));
    const uploaded = await listVehiclePhotos(tx, siteId, vehicleId);
    const fresh = firstOfEachKey(feed, new Set(uploaded.map((p) => p.key))).slice(0, MAX_PHOTOS_PER_VEHICLE - uploaded.length);
    await insertPhotos(tx, siteId, vehicleId, fresh, -fresh.length); // before the uploaded ones
    return listVehiclePhotos(tx, siteId, vehicleId);
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
