import sharp from "sharp";

/** A photograph-like JPEG of 1600 × 1067 in the given colour (noise, as a camera's): what a dealer's feed serves. */
export const photoOf = (r: number, g: number, b: number, width = 1600, height = 1067) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b }, noise: { type: "gaussian", mean: 128, sigma: 30 } } })
    .jpeg({ quality: 90 })
    .toBuffer();
