/**
 * The shape of a demo photo's address after its prefix (`/images/demo/…`, `/photos/…`):
 * `{body}/{colour}[/{make-model}]/{n}.jpg|svg`, two or three slugs and a photo number from 1 to 99.
 * Checked before the demo code is loaded to draw one, so that a stranger's odd path costs a 404,
 * never the demo generator. The demo's own parser then checks the body, colour and model against
 * its catalogue.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE = /^[1-9]\d?\.(svg|jpg)$/;

export function looksLikeDemoPhoto(parts: readonly string[], format?: "svg" | "jpg"): boolean {
  if (parts.length !== 3 && parts.length !== 4) return false;
  const slugs = parts.slice(0, -1);
  const m = FILE.exec(parts.at(-1)!);
  return slugs.every((s) => s.length <= 40 && SLUG.test(s)) && m !== null && (!format || m[1] === format);
}
