import "server-only";
import sharp from "sharp";
import { ingestPhoto } from "@/server/photos/ingest";
import { DRAWN_ORIGINAL } from "@/server/photos/placeholder";
import { vehicleSvg } from "./photo-svg";

/*
 * The demo's vehicle photos as a dealer's would arrive: a 1600 × 1067 JPEG original (a camera's
 * 3:2), rendered from the drawing with a photograph's grain, then put through the same
 * ingest as an upload. The image service makes every size and format from it, exactly as for a
 * stored photo; nothing in a page is an SVG.
 */
export const DEMO_PHOTO = DRAWN_ORIGINAL;

/** Fine grain, the same for every photo (made once): what gives the drawing a photograph's weight. */
let grain: Promise<Buffer> | null = null;
const grainLayer = () =>
  (grain ??= sharp({
    create: { ...DEMO_PHOTO, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 10 } },
  })
    .png()
    .toBuffer());

export async function renderDemoPhoto(body: string, colour: string, n: number, model?: string | null): Promise<Buffer> {
  return toPhoto(vehicleSvg(body, colour, n, DEMO_PHOTO, model ?? undefined));
}

async function toPhoto(svg: string): Promise<Buffer> {
  // the drawing is already 1600 × 1067 (vehicleSvg's box); the grain is laid over it
  const drawn = await sharp(Buffer.from(svg))
    .composite([{ input: await grainLayer(), blend: "overlay" }])
    .jpeg({ quality: 90 })
    .toBuffer();
  return (await ingestPhoto(drawn)).bytes;
}
