/**
 * The shape of a demo photo's address after its prefix (`/images/demo/…`, `/photos/…`):
 * `{body}/{colour}/{n}.jpg|svg`, two slugs and a photo number from 1 to 99. Checked before the demo
 * code is loaded to draw one, so that a stranger's odd path costs a 404, never the demo generator.
 * The demo's own parser then checks the body and colour against its catalogue.
 */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FILE = /^[1-9]\d?\.(svg|jpg)$/;

export function looksLikeDemoPhoto(parts: readonly string[], format?: "svg" | "jpg"): boolean {
  if (parts.length !== 3) return false;
  const [body, colour, file] = parts as [string, string, string];
  const m = FILE.exec(file);
  return body.length <= 40 && colour.length <= 40 && SLUG.test(body) && SLUG.test(colour) && m !== null && (!format || m[1] === format);
}
