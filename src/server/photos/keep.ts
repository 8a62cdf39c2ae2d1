import "server-only";
import type { Db } from "@/server/db/client";
import { findHeldPhoto, heldPhotoKeys } from "@/server/repositories/vehicle-photos";
import { ingestPhoto, photoDigest, photoHashOf } from "./ingest";
import { imageServiceDeps, removeFromStore, type ImageServiceDeps } from "./service";
import { photoKey } from "./store";
import { inImageSlot } from "./variants";

export type KeptPhoto = { key: string; width: number; height: number; /** stored by this call (no row held it) */ fresh: boolean };

/**
 * A photo's bytes (an upload or a feed's download) kept in the store: checked and made safe by the
 * ingest, under its content hash. The same bytes sent again cost a lookup, not a decode: a photo the
 * platform already holds is answered from its row (also one kept under the whole digest, as photos were
 * kept before the keys were shortened). Throws PhotoRejected for what is not a photo.
 */
export async function keepPhoto(db: Db, bytes: Buffer, deps: ImageServiceDeps = imageServiceDeps()): Promise<KeptPhoto> {
  const digest = photoDigest(bytes);
  const hash = photoHashOf(digest);
  const held = await findHeldPhoto(
    db,
    [hash, digest].flatMap((h) => [photoKey(h, "image/jpeg"), photoKey(h, "image/png")]),
  );
  if (held?.width && held.height && (await deps.store.has(held.key)))
    return { key: held.key, width: held.width, height: held.height, fresh: false };
  const photo = await inImageSlot(() => ingestPhoto(bytes, hash));
  const key = photoKey(photo.hash, photo.contentType);
  if (!(await deps.store.has(key))) await deps.store.put(key, photo.bytes);
  return { key, width: photo.width, height: photo.height, fresh: true };
}

/** Removes what `keepPhoto` stored for an upload that was then refused, unless a car holds it meanwhile. */
export async function dropUnheld(db: Db, kept: KeptPhoto[], deps: ImageServiceDeps = imageServiceDeps()): Promise<void> {
  const fresh = kept.filter((p) => p.fresh).map((p) => p.key);
  if (!fresh.length) return;
  const held = await heldPhotoKeys(db, fresh);
  await removeFromStore(
    fresh.filter((k) => !held.has(k)),
    deps,
  );
}
