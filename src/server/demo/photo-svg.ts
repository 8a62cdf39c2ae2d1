import { escapeMarkup } from "@/domain/format/markup";
import { lookFor } from "@/domain/artwork/look";
import { viewFor } from "@/domain/artwork/views";
import { COLOURS } from "./catalogue";

/**
 * A demo car's photo n as a drawing: the gallery's n-th view (front three-quarter, side, rear
 * three-quarter, dashboard, seats, boot…) of its body type, in the look of its make and model
 * (`model` is "Make Model"; without one, the body type's plain look) and in its colour. Pure: the
 * same input, the same SVG. See docs/features/photos.md, "The demo's photos".
 */

/** `size` renders at a requested box, filling it and cropping the overflow (fill crop). */
export function vehicleSvg(body: string, colourName: string, n: number, size?: { width: number; height: number }, model?: string): string {
  const colour = COLOURS.find((c) => c.name.toLowerCase() === colourName.toLowerCase())?.hex ?? "#9aa0a6";
  if (!Number.isInteger(n) || n < 1) n = 1;
  const view = viewFor(lookFor(body).family, n);
  const look = lookFor(body, model);
  // a backdrop per photo: the light and the ground change along the gallery, the drawing is the view
  const sky = ["#dfe7ef", "#e8e3da", "#dde9e1", "#e6e1ec"][(n - 1) % 4];
  const ground = ["#c9cdd1", "#cfc8bc", "#c4cdc3", "#cdc8d2"][(n - 1) % 4];
  const box =
    size && Number.isInteger(size.width) && Number.isInteger(size.height)
      ? `width="${size.width}" height="${size.height}" preserveAspectRatio="xMidYMid slice"`
      : `width="800" height="450"`;
  const backdrop = view.outside
    ? `<rect width="400" height="225" fill="${sky}"/><rect y="${view.name === "side" || view.name === "other side" ? 168 : 120}" width="400" height="105" fill="${ground}"/>`
    : "";
  const label = escapeMarkup(`${look.name} in ${colourName}, ${view.name}`);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 225" ${box} role="img" aria-label="${label}">
${backdrop}${view.draw(look, colour)}</svg>`;
}
