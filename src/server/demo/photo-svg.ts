import { escapeMarkup } from "@/domain/format/markup";
import { COLOURS } from "./catalogue";
import { vehicleDrawing } from "@/domain/artwork/svg";

/** Draws a simple vehicle picture for a body type, colour and angle (n). Pure: same input, same SVG. */

/** `size` renders at a requested box, filling it and cropping the overflow (fill crop). */
export function vehicleSvg(body: string, colourName: string, n: number, size?: { width: number; height: number }): string {
  const colour = COLOURS.find((c) => c.name.toLowerCase() === colourName.toLowerCase())?.hex ?? "#9aa0a6";
  if (!Number.isInteger(n) || n < 1) n = 1;
  const angle = ((n - 1) % 4) * 2 - 3; // a slight change of view per photo
  const sky = ["#dfe7ef", "#e8e3da", "#dde9e1", "#e6e1ec"][(n - 1) % 4];
  const box =
    size && Number.isInteger(size.width) && Number.isInteger(size.height)
      ? `width="${size.width}" height="${size.height}" preserveAspectRatio="xMidYMid slice"`
      : `width="800" height="450"`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 225" ${box} role="img" aria-label="${escapeMarkup(`${body} in ${colourName}`)}">
<rect width="400" height="225" fill="${sky}"/><rect y="168" width="400" height="57" fill="#c9cdd1"/>
<g transform="rotate(${angle} 200 130) translate(10 0)">
${vehicleDrawing(body, colour)}
</g></svg>`;
}
