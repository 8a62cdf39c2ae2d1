import "server-only";
import { readFile, rm } from "node:fs/promises";
import { parseSiteId } from "@/domain/platform/contract";
import { fieldsOnce, PhotoEditSchema, PhotoUploadFieldsSchema, PHOTOS_MSG, photoView, type VehiclePhoto } from "@/domain/stock/photos";
import { vehiclesChanged } from "@/server/cache";
import { getDb } from "@/server/db";
import { env } from "@/server/base/env";
import { HttpError, json } from "@/server/http/api";
import { incomingDir, receiveMultipart, UploadError } from "@/server/http/multipart";
import { applyLatestFeedPhotos } from "@/server/photos/fetch-worker";
import { MAX_PHOTO_BYTES, PHOTO_MSG, PhotoRejected } from "@/server/photos/ingest";
import { dropUnheld, keepPhoto } from "@/server/photos/keep";
import { removeFromStore } from "@/server/photos/service";
import { getStaffVehicle } from "@/server/repositories/stock-admin";
import {
  addVehiclePhotos,
  deleteVehiclePhoto,
  editVehiclePhotos,
  handBackPhotos,
  listVehiclePhotos,
  PhotosRefused,
} from "@/server/repositories/vehicle-photos";
import { actor, adminRoute, jsonBody, parsed } from "./handler";
import { isMediaType } from "@/domain/http/content-type";

/* A car's photos: `/api/admin/sites/{siteId}/vehicles/{id}/photos` and `…/photos/{photoId}`. */

/** What one upload may carry: up to 20 photos of 15 MB, 100 MB in all. */
export const PHOTO_UPLOAD = { files: 20, fileBytes: MAX_PHOTO_BYTES, totalBytes: 100 * 1024 * 1024, fieldBytes: 8 * 1024 } as const;
const PHOTO_PARTS = {
  fields: ["photos"],
  types: {
    "image/jpeg": "jpg",
    "image/png": "png",
    "image/webp": "webp",
    "image/heic": "heic",
    "image/heif": "heif",
    "image/avif": "avif",
  },
  refused: PHOTO_MSG.notPhoto,
};

/** The car's photos as the API answers them (the main photo first). */
const answer = (photos: VehiclePhoto[]) => photos.map(photoView);

async function carOf(siteId: number, raw: string) {
  const id = parseSiteId(raw);
  const car = id === null ? null : await getStaffVehicle(await getDb(), siteId, id);
  if (!car) throw new HttpError(404, "Unknown vehicle.");
  return car;
}

const refused = (e: unknown): never => {
  if (e instanceof PhotosRefused) throw new HttpError(422, e.message, {}, { [e.field]: e.message });
  throw e;
};

/** GET /api/admin/sites/{siteId}/vehicles/{id}/photos — the car's photos in order. */
export const getPhotos = adminRoute<{ siteId: string; id: string }>(
  async (_req, { params, siteId }) => {
    const car = await carOf(siteId, params.id);
    return json(200, { photos: answer(await listVehiclePhotos(await getDb(), siteId, car.id)) });
  },
  { permission: "stock.edit" },
);

/**
 * POST /api/admin/sites/{siteId}/vehicles/{id}/photos — multipart, field `photos` (one or more), added
 * after the car's photos; with the field `replace=1` they take the feed's photos' place and later feeds'
 * photos wait until the dealer hands the photos back: 201 with the car's photos.
 */
export const postPhotos = adminRoute<{ siteId: string; id: string }>(
  async (req, { staff, params, siteId }) => {
    const car = await carOf(siteId, params.id);
    const type = req.headers.get("content-type") ?? "";
    if (!isMediaType(type, "multipart/form-data")) throw new HttpError(415, "Send the photos as multipart/form-data (field photos).");
    if (Number(req.headers.get("content-length") ?? 0) > PHOTO_UPLOAD.totalBytes)
      throw new HttpError(413, `Upload at most ${PHOTO_UPLOAD.files} photos of 15 MB at a time.`);
    const temp = incomingDir(env().UPLOAD_DIR);
    try {
      const { files, fields } = await receiveMultipart(req.body, type, temp, PHOTO_UPLOAD, PHOTO_PARTS).catch((e: unknown) => {
        if (e instanceof UploadError)
          throw e.status === 422 ? new HttpError(422, e.message, {}, { photos: e.message }) : new HttpError(e.status, e.message);
        throw e;
      });
      const { replace } = parsed(PhotoUploadFieldsSchema, fieldsOnce(fields), "Please check the upload.", "replace");
      if (!files.length) throw new HttpError(422, PHOTOS_MSG.none, {}, { photos: PHOTOS_MSG.none });
      // every photo is checked before any is added: one bad file adds none
      const db = await getDb();
      const added = [];
      for (const f of files) {
        try {
          added.push(await keepPhoto(db, await readFile(f.tempPath)));
        } catch (e) {
          await dropUnheld(db, added); // what this upload stored goes again
          if (!(e instanceof PhotoRejected)) throw e;
          const message = `${f.filename}: ${e.message}`;
          throw new HttpError(422, message, {}, { photos: message });
        }
      }
      const after = await addVehiclePhotos(db, siteId, car.id, added, actor(staff), { replace }).catch(refused);
      if (!after) throw new HttpError(404, "Unknown vehicle.");
      vehiclesChanged(siteId, [car.id]);
      const n = files.length;
      const them = n === 1 ? "it" : "them";
      return json(201, {
        photos: answer(after),
        feedReplaced: replace || undefined,
        message: replace
          ? `${n} photo${n === 1 ? "" : "s"} in place of the feed's. The website shows ${them} now; the feed's photos wait until you use them again.`
          : `${n} photo${n === 1 ? "" : "s"} added. The website shows ${them} now.`,
      });
    } finally {
      await rm(temp, { recursive: true, force: true });
    }
  },
  { permission: "stock.edit", write: true },
);

/** PUT /api/admin/sites/{siteId}/vehicles/{id}/photos — {order?, main?, alt?: [{id, text}]}: the car's photos after the change. */
export const putPhotos = adminRoute<{ siteId: string; id: string }>(
  async (req, { staff, params, siteId }) => {
    const car = await carOf(siteId, params.id);
    const edit = parsed(PhotoEditSchema, await jsonBody(req), "Please check the photos.", "photos");
    const after = await editVehiclePhotos(await getDb(), siteId, car.id, edit, actor(staff)).catch(refused);
    if (!after) throw new HttpError(404, "Unknown vehicle.");
    vehiclesChanged(siteId, [car.id]);
    return json(200, { photos: answer(after), message: "Saved. The website shows the change now." });
  },
  { permission: "stock.edit", write: true },
);

/** DELETE /api/admin/sites/{siteId}/vehicles/{id}/photos/{photoId} — the car's photos after it is gone. */
export const deletePhoto = adminRoute<{ siteId: string; id: string; photoId: string }>(
  async (_req, { staff, params, siteId }) => {
    const car = await carOf(siteId, params.id);
    const photoId = parseSiteId(params.photoId);
    const gone = photoId === null ? null : await deleteVehiclePhoto(await getDb(), siteId, car.id, photoId, actor(staff));
    if (!gone) throw new HttpError(404, "Unknown photo.");
    await removeFromStore(gone.unusedKeys); // the original goes too when no car holds it any more
    vehiclesChanged(siteId, [car.id]);
    return json(200, { photos: answer(gone.photos), message: "Photo deleted." });
  },
  { permission: "stock.edit", write: true },
);

const HAND_BACK_SAID = {
  applied: "The feed's photos are back. The website shows them now.",
  fetching: "The feed's photos are being fetched again. The website shows them in a minute or two.",
  none: "The next feed's photos will show. The feed has given none for this car yet.",
} as const;

/**
 * POST /api/admin/sites/{siteId}/vehicles/{id}/photos/hand-back — the car's photos go back to the feed
 * after a person replaced them: the feed's latest photos apply again (the person's uploads stay).
 */
export const postPhotosHandBack = adminRoute<{ siteId: string; id: string }>(
  async (_req, { staff, params, siteId }) => {
    const car = await carOf(siteId, params.id);
    const db = await getDb();
    if (!(await handBackPhotos(db, siteId, car.id, actor(staff)))) throw new HttpError(404, "Unknown vehicle.");
    const outcome = await applyLatestFeedPhotos(db, siteId, car.id);
    vehiclesChanged(siteId, [car.id]);
    return json(200, { photos: answer(await listVehiclePhotos(db, siteId, car.id)), outcome, message: HAND_BACK_SAID[outcome] });
  },
  { permission: "stock.edit", write: true },
);
