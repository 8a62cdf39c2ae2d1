import "server-only";
import { createHash } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

/*
 * Every photo that enters the platform (a back-office upload, a feed's URL) is checked by
 * its bytes and made safe to serve before it is stored: the type from its magic bytes (never its name
 * or the header a client sent), the size, the pixel count read from the header before anything is
 * decoded (a decompression bomb is refused without being inflated), the camera's orientation
 * applied, and every piece of metadata (GPS, camera, owner) dropped from what is kept.
 */

/** 15 MB and 40 megapixels per photo at most. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
export const MAX_PHOTO_PIXELS = 40_000_000;
/** What a dealer may upload (HEIC/HEIF: phones; AVIF: modern cameras and exports). */
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif", "image/avif"] as const;

export const PHOTO_MSG = {
  notPhoto: "This file is not a photo. Please upload a JPEG, PNG, WebP, HEIC or AVIF image.",
  tooBig: "This photo is larger than 15 MB. Please upload a smaller file.",
  tooManyPixels: "This photo has more than 40 megapixels. Please upload a smaller image.",
  unreadable: "This photo could not be read. Please try another file.",
} as const;

/** A photo refused for what it is (answered 422 with the message); never a server error. */
export class PhotoRejected extends Error {}

export type IngestedPhoto = {
  /** the content hash of the original bytes: the same photo is stored once, however often it is sent */
  hash: string;
  /** what is stored and served from: upright, without metadata, JPEG (or PNG when it has transparency) */
  bytes: Buffer;
  contentType: "image/jpeg" | "image/png";
  width: number;
  height: number;
};

/**
 * The content hash a photo is kept under (of the bytes as sent, so an unchanged feed is recognised
 * before decoding): the first 128 bits of its SHA-256, which no two photos share by chance, in 32 hex
 * digits (a search page's HTML carries 180 photo addresses). `photoDigest` is the whole digest, the
 * key of photos kept before the keys were shortened.
 */
export function photoHash(input: Buffer): string {
  return photoHashOf(photoDigest(input));
}
export const photoDigest = (input: Buffer): string => createHash("sha256").update(input).digest("hex");
/** The key's hash from the whole digest (its first 32 hex digits). */
export const photoHashOf = (digest: string): string => digest.slice(0, 32);

/**
 * Checks the bytes and returns the photo as it will be kept; throws PhotoRejected with a message a
 * dealer can act on. `hash` is `photoHash(input)` when the caller has already computed it.
 */
export async function ingestPhoto(input: Buffer, hash: string = photoHash(input)): Promise<IngestedPhoto> {
  if (input.length > MAX_PHOTO_BYTES) throw new PhotoRejected(PHOTO_MSG.tooBig);
  const type = await fileTypeFromBuffer(input);
  if (!type || !(PHOTO_TYPES as readonly string[]).includes(type.mime)) throw new PhotoRejected(PHOTO_MSG.notPhoto);
  // the header's dimensions, before any pixel is decoded
  const meta = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.width || !meta.height) throw new PhotoRejected(PHOTO_MSG.unreadable);
  if (meta.width * meta.height > MAX_PHOTO_PIXELS) throw new PhotoRejected(PHOTO_MSG.tooManyPixels);
  const keepAlpha = Boolean(meta.hasAlpha) && type.mime === "image/png";
  // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked to
  const pipeline = sharp(input, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "error" }).rotate();
  const out = await (keepAlpha ? pipeline.png({ compressionLevel: 9 }) : pipeline.jpeg({ quality: 90 }))
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw new PhotoRejected(PHOTO_MSG.unreadable);
    });
  return {
    hash,
    bytes: out.data,
    contentType: keepAlpha ? "image/png" : "image/jpeg",
    width: out.info.width,
    height: out.info.height,
  };
}
