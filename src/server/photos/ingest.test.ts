import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { describe, expect, test } from "vitest";
import { ingestPhoto, MAX_PHOTO_BYTES, PHOTO_MSG } from "./ingest";

const photo = (format: "jpeg" | "png" | "webp" | "avif", opts: { width?: number; height?: number; alpha?: boolean } = {}) =>
  sharp({
    create: {
      width: opts.width ?? 300,
      height: opts.height ?? 200,
      channels: opts.alpha ? 4 : 3,
      background: opts.alpha ? { r: 200, g: 30, b: 40, alpha: 0.5 } : { r: 200, g: 30, b: 40 },
    },
  })
    .toFormat(format)
    .toBuffer();

/** A camera's JPEG: taken sideways (EXIF orientation 6) with its GPS position and the owner's name. */
const cameraJpeg = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: "#2255aa" } })
    .jpeg()
    .withMetadata({
      orientation: 6,
      exif: {
        IFD0: { Artist: "Mary Smith", Copyright: "Mary Smith" },
        IFD3: { GPSLatitudeRef: "S", GPSLatitude: "37/1 48/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "144/1 57/1 0/1" },
      },
    })
    .toBuffer();

/** A PNG whose header claims width × height (a decompression bomb is a small file with a huge header). */
function pngHeader(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const byte of b) c = table[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  // a well-formed file: the header, one small compressed row, the end (what a bomb looks like on disk)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", deflateSync(Buffer.alloc(1 + width * 3))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

describe("ingestPhoto", () => {
  test("a camera's JPEG is turned upright and loses every piece of metadata (GPS, owner, orientation)", async () => {
    const input = await cameraJpeg();
    expect((await sharp(input).metadata()).exif).toBeDefined(); // the fixture does carry them
    const p = await ingestPhoto(input);
    expect([p.width, p.height]).toEqual([200, 300]);
    expect(p.contentType).toBe("image/jpeg");
    const kept = await sharp(p.bytes).metadata();
    expect(kept.exif).toBeUndefined();
    expect(kept.orientation).toBeUndefined();
    expect(p.bytes.includes(Buffer.from("Mary Smith"))).toBe(false);
    expect(p.hash).toMatch(/^[0-9a-f]{32}$/);
    expect((await ingestPhoto(input)).hash).toBe(p.hash); // the same photo, the same key
  });

  test.each([
    ["JPEG", () => photo("jpeg"), "image/jpeg"],
    ["PNG without transparency", () => photo("png"), "image/jpeg"],
    ["PNG with transparency (kept as PNG)", () => photo("png", { alpha: true }), "image/png"],
    ["WebP", () => photo("webp"), "image/jpeg"],
    ["AVIF", () => photo("avif"), "image/jpeg"],
  ])("%s is taken", async (_, make, contentType) => {
    const p = await ingestPhoto(await make());
    expect(p.contentType).toBe(contentType);
    expect([p.width, p.height]).toEqual([300, 200]);
  });

  test.each([
    ["a text file", Buffer.from("just some words, named photo.jpg"), PHOTO_MSG.notPhoto],
    ["a PDF", Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"), PHOTO_MSG.notPhoto],
    ["an SVG (markup, not a photo)", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), PHOTO_MSG.notPhoto],
    ["a GIF", Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;", "latin1"), PHOTO_MSG.notPhoto],
    ["a header claiming 10,000 × 5,000 pixels (a decompression bomb)", pngHeader(10_000, 5_000), PHOTO_MSG.tooManyPixels],
    ["a JPEG cut short", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]), PHOTO_MSG.unreadable],
    ["more than 15 MB", Buffer.alloc(MAX_PHOTO_BYTES + 1, 0xff), PHOTO_MSG.tooBig],
  ])("%s is refused with a clear message", async (_, input, message) => {
    await expect(ingestPhoto(input)).rejects.toThrow(message);
  });

  test("40 megapixels exactly is taken (the bound is inclusive), one more row is not", async () => {
    await expect(ingestPhoto(pngHeader(8_000, 5_001))).rejects.toThrow(PHOTO_MSG.tooManyPixels);
    // 8,000 × 5,000 passes the header check; this one is only a header, so it is then unreadable, not too big
    await expect(ingestPhoto(pngHeader(8_000, 5_000))).rejects.toThrow(PHOTO_MSG.unreadable);
  });
});
