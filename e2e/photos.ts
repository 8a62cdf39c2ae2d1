import { createServer } from "node:http";
import sharp from "sharp";

/** A photograph-like JPEG of 1600 × 1067 in the given colour (noise, as a camera's): what a dealer's feed serves. */
export const photoOf = (r: number, g: number, b: number, width = 1600, height = 1067) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b }, noise: { type: "gaussian", mean: 128, sigma: 30 } } })
    .jpeg({ quality: 90 })
    .toBuffer();

/**
 * A dealer feed's photo server on loopback: /feed/front.jpg and /feed/side.jpg (each its own
 * photograph), 404 for anything else. A test server fetches from it over http because its origin is
 * the one PHOTO_FETCH_TEST_ORIGIN lets through.
 */
export async function feedPhotoServer(port: number): Promise<{ origin: string; close: () => Promise<void> }> {
  const [front, side] = await Promise.all([photoOf(40, 90, 160), photoOf(160, 90, 40)]);
  const photos = new Map([
    ["/feed/front.jpg", front],
    ["/feed/side.jpg", side],
  ]);
  const server = createServer((req, res) => {
    const photo = photos.get(req.url ?? "");
    if (photo) return res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
