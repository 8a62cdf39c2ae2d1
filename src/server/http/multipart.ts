import "server-only";
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { rename, rm } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { OWNER_ONLY, ownerOnlyFolder } from "@/server/base/owner-only";

/** What an upload may be, by its first bytes (never by the declared type or the file name). */
export const ALLOWED_FILE_TYPES: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/heic": "heic",
  "image/heif": "heif",
  "application/pdf": "pdf",
};
const SNIFF_BYTES = 4100;

export type MultipartLimits = { fileBytes: number; files: number; totalBytes: number; fieldBytes: number };
/**
 * Which parts carry the files (the first name is the one a form uses), what they may be (detected
 * type → extension) and the message for anything else.
 */
export type MultipartFiles = { fields: readonly string[]; types: Record<string, string>; refused: string };
const LEAD_FILES: MultipartFiles = {
  // the names clients send attachments under: ours, Rails-style arrays, a single file, inside the lead
  fields: ["files", "files[]", "file", "lead[files][]"],
  types: ALLOWED_FILE_TYPES,
  refused: "only JPEG, PNG, WebP, HEIC images and PDFs can be attached.",
};
export type ReceivedFile = { filename: string; contentType: string; size: number; tempPath: string };

/** A limit crossed (413) or a part refused (422, with the field's message). */
export class UploadError extends Error {
  /** the form's fields received before the upload was refused (a refused form goes back with them) */
  fields: Array<[string, string]> = [];
  constructor(
    readonly status: 413 | 422 | 400,
    message: string,
    /** the part a 422 is about, when it is not the files' own field (a file sent under another name) */
    readonly part?: string,
  ) {
    super(message);
  }
}

/** A file part under a name that takes none: refused by name, since dropping it would lose the shopper's file unseen. */
function wrongFilePart(name: string, accept: MultipartFiles): UploadError {
  const shown = name.slice(0, 100);
  return new UploadError(422, `“${shown}” does not take files: send them as “${accept.fields[0]}”.`, shown);
}

/**
 * Streams a multipart body: files go straight to disk under `tempDir`, nothing is held in memory
 * beyond one chunk and the first bytes of each file. The moment a limit is crossed (a file's size,
 * the number of files, the whole body) reading stops with a 413. Every file must be non-empty and
 * be what its first bytes say, one of the types `accept` allows (a lead's attachments unless told:
 * JPEG, PNG, WebP, HEIC or PDF).
 */
export async function receiveMultipart(
  body: WebReadableStream<Uint8Array> | ReadableStream<Uint8Array> | null,
  contentType: string,
  tempDir: string,
  limits: MultipartLimits,
  accept: MultipartFiles = LEAD_FILES,
): Promise<{ fields: Array<[string, string]>; files: ReceivedFile[] }> {
  if (!body) throw new UploadError(400, "The form data could not be read.");
  await ownerOnlyFolder(tempDir);
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: { "content-type": contentType },
      limits: { fileSize: limits.fileBytes, files: limits.files, fields: 20, fieldSize: limits.fieldBytes, parts: limits.files + 20 },
    });
  } catch {
    throw new UploadError(400, "The form data could not be read.");
  }
  const fields: Array<[string, string]> = [];
  const files: ReceivedFile[] = [];
  const writes: Promise<void>[] = [];
  let failure: UploadError | null = null;
  const source = Readable.fromWeb(body as WebReadableStream<Uint8Array>);
  const fail = (e: UploadError) => {
    if (failure) return;
    failure = e;
    // stop reading at once, but not from inside busboy's own event (it still touches its state)
    source.pause();
    process.nextTick(() => {
      source.destroy();
      bb.destroy();
    });
  };

  bb.on("field", (name, value, info) => {
    if (info.valueTruncated)
      return fail(new UploadError(413, `The request is too large (at most ${limits.fieldBytes / 1024} KB of form fields).`));
    fields.push([name, value]);
  });
  bb.on("filesLimit", () => fail(new UploadError(413, `Attach at most ${limits.files} files.`)));
  bb.on("partsLimit", () => fail(new UploadError(413, "The form has too many parts.")));
  bb.on("fieldsLimit", () => fail(new UploadError(413, "The form has too many fields.")));
  bb.on("file", (name, stream, info) => {
    // a part not read is drained; stopped mid-part, it ends with an error the failure already answers
    const skip = () => stream.on("error", () => {}).resume();
    if (failure) return void skip();
    if (!accept.fields.includes(name)) {
      skip();
      // a file input left empty (no file name) brings no file to lose
      return info.filename ? fail(wrongFilePart(name, accept)) : undefined;
    }
    // a file input the shopper left empty: a browser posts it as a part with no name and no bytes
    const blank = !info.filename;
    const filename = (info.filename || "file").normalize("NFC").slice(0, 200);
    const safe =
      filename
        .replace(/[^\w.-]+/g, "_")
        .replace(/^\.+/, "")
        .slice(-100) || "file";
    const tempPath = path.join(tempDir, `${files.length + 1}-${safe}`);
    const record: ReceivedFile = { filename, contentType: "", size: 0, tempPath };
    files.push(record);
    const head: Buffer[] = [];
    let headBytes = 0;
    stream.on("limit", () => fail(new UploadError(413, `${filename} is larger than ${limits.fileBytes / 1024 / 1024} MB.`)));
    const counter = new Transform({
      transform(chunk: Buffer, _enc, cb) {
        record.size += chunk.length;
        if (headBytes < SNIFF_BYTES) {
          head.push(chunk);
          headBytes += chunk.length;
        }
        cb(null, chunk);
      },
    });
    writes.push(
      pipeline(stream, counter, createWriteStream(tempPath, { mode: OWNER_ONLY.file }))
        .then(async () => {
          if (failure) return;
          if ((stream as unknown as { truncated?: boolean }).truncated)
            return fail(new UploadError(413, `${filename} is larger than ${limits.fileBytes / 1024 / 1024} MB.`));
          if (record.size === 0 && blank) return void files.splice(files.indexOf(record), 1);
          if (record.size === 0) return fail(new UploadError(422, `${filename} is empty.`));
          const type = await fileTypeFromBuffer(Buffer.concat(head).subarray(0, SNIFF_BYTES));
          if (!type || !Object.hasOwn(accept.types, type.mime)) return fail(new UploadError(422, `${filename}: ${accept.refused}`));
          record.contentType = type.mime;
          // stored under the detected type's extension (a JPEG named page.html is kept as page.jpg)
          const stored = tempPath.replace(/(\.[^./\\]*)?$/, `.${accept.types[type.mime]}`);
          if (stored !== tempPath) {
            await rename(tempPath, stored);
            record.tempPath = stored;
          }
        })
        .catch(() => fail(failure ?? new UploadError(400, "The upload was interrupted."))),
    );
  });

  let total = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _enc, cb) {
      total += chunk.length;
      if (total > limits.totalBytes) {
        fail(
          new UploadError(413, `The attachments are too large (at most ${limits.files} files of ${limits.fileBytes / 1024 / 1024} MB).`),
        );
        return cb();
      }
      cb(null, chunk);
    },
  });
  try {
    await pipeline(source, meter, bb);
  } catch {
    if (!failure) fail(new UploadError(400, "The form data could not be read."));
  }
  await Promise.allSettled(writes);
  if (failure) {
    await rm(tempDir, { recursive: true, force: true });
    (failure as UploadError).fields = fields;
    throw failure;
  }
  return { fields, files };
}

/** A private folder for one request's incoming files. */
export const incomingDir = (uploadDir: string) => path.resolve(uploadDir, ".incoming", randomUUID());
