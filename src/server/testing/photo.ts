import "server-only";
import sharp from "sharp";

/** For tests: a photo-like JPEG (noise, so that sizes and formats behave as with a photograph), 1600 × 1067 unless asked. */
export async function testPhoto(width = 1600, height = 1067, seed = 7): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  for (let i = 0; i < raw.length; i++) {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (i % 3 === 0 ? 120 : 60) + (s % 60);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
