/**
 * Image service parameters: width, automatic format and quality (75 by default, 60 on some
 * brands, 80 in another helper), max width 1280; the width set runs from 640 to 3840; a social
 * share image is 1200×630 with fill crop.
 */
export const IMAGE_WIDTHS = [640, 750, 828, 1080, 1200, 1920, 2048, 3840] as const;
export const MAX_IMAGE_WIDTH = 1280;
export const IMAGE_QUALITY = { default: 75, low: 60, high: 80 } as const;
export const SHARE_IMAGE = { width: 1200, height: 630, fit: "crop" } as const;
/** The back-office's photo thumbnails (the photo editor's grid). */
export const THUMB_WIDTH = 320;

export type ImageOptions = { width: number; quality?: number; height?: number; fit?: "crop" };

export function imageUrl(src: string, o: ImageOptions): string {
  if (/^data:/.test(src)) return src;
  const share = o.height !== undefined;
  const width = share ? o.width : Math.min(Math.max(1, Math.round(o.width)), MAX_IMAGE_WIDTH);
  const p = new URLSearchParams({ w: String(width), auto: "format" });
  // the service's quality is 75 unless asked (docs/features/photos.md): the default is left out of every address
  if (o.quality !== undefined && o.quality !== IMAGE_QUALITY.default) p.set("q", String(o.quality));
  if (o.height !== undefined) p.set("h", String(o.height));
  if (o.fit) p.set("fit", o.fit);
  return `${src}${src.includes("?") ? "&" : "?"}${p.toString()}`;
}

/**
 * A photo as a plain `<img srcset sizes>`: each width from the set that a card can use (a third of a
 * wide screen at 2×, a phone's width at 3×), up to the 1280 cap; `src` is the largest for browsers
 * without srcset.
 */
export const CARD_IMAGE_WIDTHS = [640, 828, 1080, 1200] as const satisfies ReadonlyArray<(typeof IMAGE_WIDTHS)[number]>;

export function responsiveImage(src: string, widths: readonly number[], quality?: number): { src: string; srcSet: string } {
  return {
    src: imageUrl(src, { width: widths.at(-1)!, quality }),
    srcSet: widths.map((w) => `${imageUrl(src, { width: w, quality })} ${w}w`).join(", "),
  };
}

/** A photo in its original format (JPEG) at a width: for mail programs and CRMs, which may not take AVIF or WebP. */
export const fixedFormatImageUrl = (src: string, width: number): string =>
  `${src}${src.includes("?") ? "&" : "?"}w=${Math.min(Math.max(1, Math.round(width)), MAX_IMAGE_WIDTH)}&q=${IMAGE_QUALITY.default}`;

/**
 * The 1200×630 social share image. Social networks do not show SVG: a locally drawn photo is asked
 * for as a JPEG (the image service's other photos are raster already).
 */
export const shareImageUrl = (src: string) =>
  imageUrl(src.replace(/^(\/photos\/[^?]+)\.svg(?=$|\?)/, "$1.jpg"), { ...SHARE_IMAGE, quality: IMAGE_QUALITY.high });

/** A stored image address we may put in a page: a path on this site or an https URL; anything else (javascript:, data:, //host) is none. */
export function storedImageSrc(src: string | null | undefined): string | null {
  if (!src || src.length > 2048) return null;
  return /^\/(?!\/)[^\s"'<>\\]*$/.test(src) || (/^https:\/\/[^\s"'<>\\]+$/.test(src) && URL.canParse(src)) ? src : null;
}

/** A photo's thumbnail in the back-office: small, low quality, any format the browser takes. */
export const thumbnailUrl = (src: string) => imageUrl(src, { width: THUMB_WIDTH, quality: IMAGE_QUALITY.low });
