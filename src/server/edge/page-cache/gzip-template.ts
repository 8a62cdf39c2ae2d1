import "server-only";
import { constants, crc32, deflateRawSync } from "node:zlib";

/**
 * A page body with a value that changes on every copy (the CSP nonce), stored once and served many
 * times, gzipped, without compressing the whole page again for each copy.
 *
 * The parts between the value's occurrences are compressed once each, as raw deflate ended by a
 * sync flush (byte-aligned, not final); a copy is a gzip header, those parts with the copy's value
 * compressed between them, an empty final block, and the CRC-32 and length of the whole. One valid
 * deflate stream, as any gzip decoder reads it.
 */
export type BodyTemplate = { parts: Buffer[]; placeholder: string | null; deflated?: Buffer[] };

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const deflatePart = (b: Buffer, level = 6) => deflateRawSync(b, { level, finishFlush: constants.Z_SYNC_FLUSH });

export function makeTemplate(body: Buffer, placeholder?: string | null): BodyTemplate {
  if (!placeholder) return { parts: [body], placeholder: null };
  const needle = Buffer.from(placeholder, "latin1");
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = body.indexOf(needle, from); at >= 0; at = body.indexOf(needle, from)) {
    parts.push(body.subarray(from, at));
    from = at + needle.length;
  }
  parts.push(body.subarray(from));
  return { parts, placeholder };
}

/** The body with `value` wherever the placeholder stood (the body itself when there is none). */
export function fill(t: BodyTemplate, value: string | undefined): Buffer[] {
  if (t.placeholder === null || t.parts.length === 1) return t.parts;
  const v = Buffer.from(value ?? t.placeholder, "latin1");
  const out: Buffer[] = [];
  t.parts.forEach((p, i) => (i ? out.push(v, p) : out.push(p)));
  return out;
}

export const templateBytes = (t: BodyTemplate) =>
  t.parts.reduce((n, p) => n + p.length, 0) + (t.deflated?.reduce((n, p) => n + p.length, 0) ?? 0);

/** A gzip body of the filled template; the parts are compressed on first use and kept. */
export function gzipFilled(t: BodyTemplate, value: string | undefined): Buffer {
  t.deflated ??= t.parts.map((p) => deflatePart(p));
  const v = t.placeholder === null ? null : Buffer.from(value ?? t.placeholder, "latin1");
  const vDeflated = v ? deflatePart(v, 1) : null;
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  t.parts.forEach((p, i) => {
    if (i && v && vDeflated) {
      chunks.push(vDeflated);
      crc = crc32(v, crc);
      size += v.length;
    }
    chunks.push(t.deflated![i]!);
    crc = crc32(p, crc);
    size += p.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}
