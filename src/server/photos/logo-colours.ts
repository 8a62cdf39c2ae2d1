import "server-only";
import sharp from "sharp";
import { dominantColours } from "@/domain/site/colour";

/** What the console keeps of an uploaded logo to judge it on the header and offer its colours (see SiteLogo). */
export type LogoColours = {
  /** its dominant opaque colour; null when the picture has (almost) no transparency: it carries its own background */
  ink: string | null;
  /** its dominant colours, commonest first */
  palette: string[];
};

/** A logo with less than this part of its pixels transparent is a picture on its own background. */
const TRANSPARENT_ENOUGH = 0.05;

/**
 * The dominant colours of a logo (a picture the photo ingest has accepted), read from a small copy
 * of it: a 64-pixel copy keeps every colour a logo is made of and costs next to nothing to count.
 */
export async function readLogoColours(bytes: Buffer): Promise<LogoColours> {
  const { data, info } = await sharp(bytes)
    .resize(64, 64, { fit: "inside", kernel: "nearest" })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = info.width * info.height;
  let transparent = 0;
  for (let i = 3; i < data.length; i += 4) if (data[i]! < 128) transparent += 1;
  const palette = dominantColours(data).map((c) => c.hex);
  return { ink: transparent / pixels >= TRANSPARENT_ENOUGH ? (palette[0] ?? null) : null, palette };
}
