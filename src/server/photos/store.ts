import "server-only";
import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { isPhotoKey } from "@/domain/photos/params";
import { env, type Env } from "@/server/base/env";

/*
 * Where the platform keeps photos — one interface, so that the image service and the
 * ingest never know which store they talk to. A key is a photo's content hash and its type's
 * extension ("<128 bits of sha256>.jpg"): the same photo is stored once, a new photo is a new key
 * (URLs can be cached for ever), and no key can name a path outside the store.
 */
export type PhotoType = "image/jpeg" | "image/png";
export type StoredPhoto = { bytes: Buffer; contentType: PhotoType };

export interface PhotoStore {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<StoredPhoto | null>;
  has(key: string): Promise<boolean>;
  delete(key: string): Promise<void>;
}

/** The key a photo is kept under: its content hash and its type. */
export const photoKey = (hash: string, contentType: PhotoType): string => `${hash}.${contentType === "image/png" ? "png" : "jpg"}`;

export { isPhotoKey };

function typeOf(key: string): PhotoType {
  if (!isPhotoKey(key)) throw new Error("not a photo key");
  return key.endsWith(".png") ? "image/png" : "image/jpeg";
}

/**
 * Photos on local disk (the default: nothing to install), two hex levels deep so that no folder
 * holds more than a few hundred files. Writes go to a temporary file first and are renamed into
 * place, so a reader never sees half a photo and two writers of one key both succeed.
 */
export function diskPhotoStore(dir: string): PhotoStore {
  const fileOf = (key: string) => {
    typeOf(key);
    return path.join(dir, key.slice(0, 2), key.slice(2, 4), key);
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${randomUUID()}.tmp`;
      await writeFile(tmp, bytes);
      await rename(tmp, file);
    },
    async get(key) {
      if (!isPhotoKey(key)) return null;
      const bytes = await readFile(fileOf(key)).catch((e: NodeJS.ErrnoException) => {
        if (e.code === "ENOENT") return null;
        throw e;
      });
      return bytes ? { bytes, contentType: typeOf(key) } : null;
    },
    async has(key) {
      if (!isPhotoKey(key)) return false;
      return stat(fileOf(key)).then(
        () => true,
        () => false,
      );
    },
    async delete(key) {
      if (!isPhotoKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}

/** Tries after the first when the bucket answers 5xx or 429 (aws4fetch's own for `call`; ours for `putFile`). */
const RETRIES = 2;

/** How long one call to the bucket may take, its body included. */
export const STORE_TIMEOUT_MS = 20_000;

export type S3Config = { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };

/**
 * One S3-compatible bucket (path-style addressing: AWS, Cloudflare R2, MinIO, Ceph…), each request
 * signed with SigV4: the photo store and the private-file store (src/server/files/private-files.ts) both
 * talk to it through this. `call` throws on any status it was not told to expect, so a refused key
 * or a full bucket is an error, never an empty answer. Tested against a real S3-compatible server on
 * loopback (s3rver).
 */
export function s3Bucket(config: S3Config, what: string) {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    region: config.region,
    service: "s3",
    retries: RETRIES,
  });
  const base = `${config.endpoint.replace(/\/$/, "")}/${encodeURIComponent(config.bucket)}/`;
  // the key's path segments each percent-encoded (a key is checked by its caller first)
  const urlOf = (key: string) => base + key.split("/").map(encodeURIComponent).join("/");
  return {
    async call(key: string, init: RequestInit, ok: number[], timeoutMs = STORE_TIMEOUT_MS): Promise<Response> {
      // a stalled bucket never holds a request (or one of the image service's two slots) for long
      const res = await client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(timeoutMs) });
      if (!ok.includes(res.status)) {
        await res.body?.cancel();
        throw new Error(`${what}: ${init.method ?? "GET"} answered ${res.status}`);
      }
      return res;
    },
    /**
     * PUT of a local file, streamed from the disk with its length, so that a request never holds a
     * whole file in memory. Signed as UNSIGNED-PAYLOAD (S3's way for a body not hashed first: hashing
     * would read it whole) and retried as `call` is, each try with a fresh stream of the file (a
     * stream, once sent, cannot be sent again). Throws like `call` on any answer but 200.
     */
    async putFile(key: string, file: string, headers: Record<string, string>, timeoutMs = STORE_TIMEOUT_MS): Promise<void> {
      const { size } = await stat(file);
      for (let attempt = 0; ; attempt++) {
        const stream = createReadStream(file);
        const signed = await client.sign(urlOf(key), {
          method: "PUT",
          body: Readable.toWeb(stream) as ReadableStream<Uint8Array>,
          headers: { ...headers, "content-length": String(size), "x-amz-content-sha256": "UNSIGNED-PAYLOAD" },
          signal: AbortSignal.timeout(timeoutMs),
        });
        const res = await fetch(signed).finally(() => stream.destroy()); // an answer before the whole body was sent: the file closes now
        await res.body?.cancel();
        if (res.status === 200) return;
        if ((res.status < 500 && res.status !== 429) || attempt === RETRIES) throw new Error(`${what}: PUT answered ${res.status}`);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 50 * 2 ** attempt));
      }
    },
  };
}

/** Photos in the bucket, under their keys at its top. */
export function s3PhotoStore(config: S3Config): PhotoStore {
  const bucket = s3Bucket(config, "photo store");
  const call = (key: string, init: RequestInit, ok: number[]) => {
    typeOf(key);
    return bucket.call(key, init, ok);
  };
  return {
    async put(key, bytes) {
      const res = await call(
        key,
        {
          method: "PUT",
          body: new Uint8Array(bytes),
          headers: { "content-type": typeOf(key), "cache-control": "public, max-age=31536000, immutable" },
        },
        [200],
      );
      await res.body?.cancel();
    },
    async get(key) {
      if (!isPhotoKey(key)) return null;
      const res = await call(key, { method: "GET" }, [200, 404]);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      return { bytes: Buffer.from(await res.arrayBuffer()), contentType: typeOf(key) };
    },
    async has(key) {
      if (!isPhotoKey(key)) return false;
      return (await call(key, { method: "HEAD" }, [200, 404])).status === 200;
    },
    async delete(key) {
      if (!isPhotoKey(key)) return;
      await call(key, { method: "DELETE" }, [200, 204, 404]);
    },
  };
}

/** The bucket from S3_*, or null when it is not configured (all four are set, or none: env.ts checks). */
export function s3ConfigOf(e: Env): S3Config | null {
  return e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
    ? {
        endpoint: e.S3_ENDPOINT,
        bucket: e.S3_BUCKET,
        region: e.S3_REGION,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      }
    : null;
}

/** The platform's store: the S3 bucket when S3_* is set, else the disk under PHOTO_DIR. */
export function photoStore(): PhotoStore {
  const e = env();
  const s3 = s3ConfigOf(e);
  return s3 ? s3PhotoStore(s3) : diskPhotoStore(path.resolve(e.PHOTO_DIR));
}
