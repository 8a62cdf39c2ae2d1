/** Vehicle photos are generated locally (an SVG per body type, colour and angle): no external URLs. */
export const PLACEHOLDER_PHOTO = "/photos/placeholder.svg";

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");

export function photoUrl(body: string, colour: string, n: number): string {
  return `/photos/${slug(body)}/${slug(colour)}/${n}.svg`;
}
