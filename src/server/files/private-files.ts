import "server-only";
import { createReadStream } from "node:fs";
import { chmod, mkdir, rename, rm, rmdir, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { env } from "@/server/base/env";
import { OWNER_ONLY } from "@/server/base/owner-only";
import { s3Bucket, s3ConfigOf, type S3Config } from "@/server/photos/store";

/*
 * Where the platform keeps files no shopper may read: a lead's attachments. On one machine they sit
 * on disk under UPLOAD_DIR (the default); with an S3 bucket configured (S3_*) they go to the same
 * bucket as the photos, under `private/`, so that any app host can serve what another received (app
 * hosts share nothing but the database and the bucket: docs/operations/cluster.md). Nothing under
 * `private/` is ever public: the back-office streams a file through the app after its own checks.
 *
 * A row keeps the reference `putFile` answered, relative to its store: `disk:` and the key for a file
 * under UPLOAD_DIR, `s3:` and the key for one in the bucket. Which store a row's file is in is read
 * from that reference, so a host switched to the bucket still serves the files it kept on disk before;
 * and a `disk:` reference is resolved under UPLOAD_DIR as it is now, so a backup restored onto
 * another machine or into another folder (docs/operations/backup.md) still serves every attachment.
 *
 * Rows written before `disk:` hold the file's absolute path. One under UPLOAD_DIR resolves as ever.
 * One elsewhere (the folder moved, or was restored somewhere else) is found by the tail the old
 * layouts gave it, `…/leads/{site}/{lead}/{file}` or, earlier, `…/{site}/{lead}/{file}`, under the
 * current UPLOAD_DIR, and only when that site and lead are the row's own: a row can never be made to
 * name another tenant's file. Why here rather than by `npm run restore` rewriting the rows: the
 * database is not always put back by that command (pgBackRest, a WAL archive, a folder moved by hand,
 * UPLOAD_DIR changed in the configuration), and this way every one of those keeps working without a
 * rewrite of stored data that could go wrong halfway.
 */

/** The site and lead a stored file belongs to, as its row says. */
export type FileOwner = { siteId: number; leadId: string };

/** A stored file's bytes, and its length when the store says it (a bucket may answer without one). */
export type PrivateFile = { body: ReadableStream<Uint8Array>; size: number | null };

/**
 * The bucket did not answer as it should (refused, 5xx, unreachable, too slow): a passing outage to
 * the caller, who answers 503 with Retry-After rather than 500. The message names the call and the
 * status only: never the key, which holds a shopper's file name.
 */
export class PrivateStoreUnavailable extends Error {
  constructor(cause: unknown) {
    super(`private file store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/** The bucket's call, any failure of it a PrivateStoreUnavailable. */
const fromBucket = <T>(call: () => Promise<T>): Promise<T> =>
  call().catch((e: unknown) => {
    throw new PrivateStoreUnavailable(e);
  });

export interface PrivateFileStore {
  /** Moves a local file (a request's temporary file) in under `key`; answers the reference a row keeps. */
  putFile(key: string, localFile: string, contentType: string): Promise<string>;
  /**
   * The file a reference names, or null when it is not this store's or no longer stored. `owner`, the
   * row's site and lead, lets an older row's absolute path be found after the folder moved.
   */
  open(ref: string, owner?: FileOwner): Promise<PrivateFile | null>;
  /** Takes the files offline for good; a reference to nothing (or to another store) is no error. */
  remove(refs: readonly string[]): Promise<void>;
  /** Whether a reference names a file of this store. */
  owns(ref: string): boolean;
}

/** Segments of letters, digits, `_`, `-` and `.` (never first), at most 400 characters: no key names a path outside its store. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}\/){1,8}[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
export const isPrivateKey = (key: string) => key.length <= 400 && KEY.test(key);

function checked(key: string): string {
  if (!isPrivateKey(key)) throw new Error("not a private file key");
  return key;
}

/** A lead's attachment: under its site and lead, the received file's (already made safe) name. */
export const leadFileKey = (siteId: number, leadId: string, name: string) =>
  checked(`leads/${siteId}/${leadId}/${crypto.randomUUID().slice(0, 8)}-${name}`);

const DISK_REF = "disk:";
const S3_REF = "s3:";

/** The key a reference names after its store's prefix, when it is a key at all. */
function keyAfter(prefix: string, ref: string): string | null {
  const key = ref.slice(prefix.length);
  return ref.startsWith(prefix) && isPrivateKey(key) ? key : null;
}

/**
 * Where an older row's absolute path (from before `disk:` references) may be found under a store that
 * is not where it was written: by its tail in either layout rows were written in, as keys of the store,
 * and only when that tail names the owner's site and lead. Most likely first.
 */
export function movedKeys(ref: string, owner: FileOwner): string[] {
  if (!path.isAbsolute(ref) || ref.includes("\0")) return [];
  const [file, lead, site, parent] = path.resolve(ref).split(path.sep).reverse();
  if (!file || site !== String(owner.siteId) || lead !== owner.leadId) return [];
  const keys = [`${site}/${lead}/${file}`];
  // `…/leads/{site}/{lead}/{file}` is the newer layout; the older one's UPLOAD_DIR could have been named `leads` too
  if (parent === "leads") keys.unshift(`leads/${keys[0]}`);
  return keys.filter(isPrivateKey);
}

/** Files on local disk under `root` (UPLOAD_DIR): a rename from the request's temporary folder beside it. */
export function diskPrivateFiles(root: string): PrivateFileStore {
  const base = path.resolve(root);
  const keyOf = (ref: string) => keyAfter(DISK_REF, ref);
  // an older row's absolute path, served as before while it lies under the folder
  const under = (ref: string) => path.isAbsolute(ref) && !ref.includes("\0") && path.resolve(ref).startsWith(base + path.sep);
  const owns = (ref: string) => keyOf(ref) !== null || under(ref);
  /** The files a reference may name here, most likely first; a row is never trusted to point anywhere but under the folder. */
  const filesOf = (ref: string, owner?: FileOwner): string[] => {
    const key = keyOf(ref);
    if (key) return [path.join(base, key)];
    if (under(ref)) return [path.resolve(ref)];
    return owner ? movedKeys(ref, owner).map((k) => path.join(base, k)) : [];
  };
  const sizeOf = (file: string) =>
    stat(file).then(
      (s) => (s.isFile() ? s.size : null),
      () => null,
    );
  return {
    owns,
    async putFile(key, localFile) {
      const file = path.join(base, checked(key));
      await mkdir(path.dirname(file), { recursive: true, mode: OWNER_ONLY.dir });
      await rename(localFile, file);
      await chmod(file, OWNER_ONLY.file); // a shopper's file: the owner's alone, whatever mode it arrived with
      return DISK_REF + key;
    },
    async open(ref, owner) {
      for (const file of filesOf(ref, owner)) {
        const size = await sizeOf(file);
        if (size !== null) return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
      }
      return null;
    },
    async remove(refs) {
      for (const file of refs.flatMap((ref) => filesOf(ref))) {
        await rm(file, { force: true });
        // the lead's folder goes with its last file
        await rmdir(path.dirname(file)).catch(() => {});
      }
    },
  };
}

/** How long a download from the bucket may take, its body included (10 MB to a phone on a slow line). */
const DOWNLOAD_TIMEOUT_MS = 5 * 60_000;

/** Files in the S3 bucket under `private/` (never given a public ACL: the bucket's default, private, holds). */
export function s3PrivateFiles(config: S3Config): PrivateFileStore {
  const bucket = s3Bucket(config, "private file store");
  const keyOf = (ref: string) => {
    const key = keyAfter(S3_REF, ref);
    return key?.startsWith("private/") ? key : null;
  };
  const owns = (ref: string) => keyOf(ref) !== null;
  return {
    owns,
    async putFile(key, localFile, contentType) {
      const full = `private/${checked(key)}`;
      // streamed from the request's temporary file: never held whole in memory
      await fromBucket(() => bucket.putFile(full, localFile, { "content-type": contentType, "cache-control": "private, no-store" }));
      await rm(localFile, { force: true }); // moved: the temporary copy goes
      return S3_REF + full;
    },
    async open(ref) {
      const key = keyOf(ref);
      if (!key) return null;
      const res = await fromBucket(() => bucket.call(key, { method: "GET" }, [200, 404], DOWNLOAD_TIMEOUT_MS));
      if (res.status === 404 || !res.body) {
        await res.body?.cancel();
        return null;
      }
      // a bucket answering chunked gives no length: unknown, never 0
      const length = res.headers.get("content-length");
      return { body: res.body, size: length !== null && /^\d+$/.test(length) ? Number(length) : null };
    },
    async remove(refs) {
      for (const ref of refs.filter(owns)) {
        const res = await fromBucket(() => bucket.call(keyOf(ref)!, { method: "DELETE" }, [200, 204, 404]));
        await res.body?.cancel();
      }
    },
  };
}

/**
 * The platform's private files: new files go to the bucket when S3_* is set, else to UPLOAD_DIR; a
 * row's file is read and removed from the store its reference names (a row from before the bucket
 * was set still resolves on the host that kept it).
 */
export function privateFiles(): PrivateFileStore {
  const e = env();
  const disk = diskPrivateFiles(e.UPLOAD_DIR);
  const s3 = s3ConfigOf(e);
  if (!s3) return disk;
  const bucket = s3PrivateFiles(s3);
  const storeOf = (ref: string) => (bucket.owns(ref) ? bucket : disk);
  return {
    owns: (ref) => bucket.owns(ref) || disk.owns(ref),
    putFile: (key, localFile, contentType) => bucket.putFile(key, localFile, contentType),
    open: (ref, owner) => storeOf(ref).open(ref, owner),
    async remove(refs) {
      await bucket.remove(refs);
      await disk.remove(refs);
    },
  };
}
