/*
 * A form posted without JavaScript and refused: the browser is sent back to the form (303) with what
 * was typed and each field's message in a one-minute cookie, read back once by the page for this site
 * and this attempt only, so nothing typed is lost and nothing typed goes into a URL. Pure.
 */

export type FormFlash = { site: number; attempt: string; errors: Record<string, string>; values: Record<string, string> };

/** Under a browser's 4 KB cookie limit with room for the cookie's attributes. */
const MAX_CHARS = 3500;
/** No form here has more fields or longer names; a post of thousands costs no more than one of a hundred. */
const MAX_FIELDS = 100;
const MAX_NAME = 100;
/** A message is a sentence; one longer is cut rather than crowding out the rest. */
const MAX_MESSAGE = 300;

const enc = (v: unknown) => encodeURIComponent(JSON.stringify(v));
/** What one `"name":"value",` adds to the encoded cookie (the comma counted for every entry: an upper bound). */
const costOf = (k: string, v: string) => enc(k).length + enc(v).length + 6;

/** The first MAX_FIELDS string entries with sensible names: one pass that stops early, however many were posted. */
function firstFields(o: Record<string, string>): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (const k in o) {
    if (out.length >= MAX_FIELDS) break;
    if (Object.hasOwn(o, k) && k.length <= MAX_NAME && typeof o[k] === "string") out.push([k, o[k]]);
  }
  return out;
}

/**
 * The cookie's value, built in one pass over at most MAX_FIELDS fields and never longer than `max`:
 * the messages first (in order, each cut to a sentence's length), then the typed values, the longest
 * left out (that field comes back empty) until the rest fit.
 */
export function encodeFormFlash(f: FormFlash, max = MAX_CHARS): string {
  let room = max - enc({ site: f.site, attempt: f.attempt, errors: {}, values: {} }).length;
  const errors: Record<string, string> = {};
  for (const [k, m] of firstFields(f.errors)) {
    const message = m.length > MAX_MESSAGE ? `${m.slice(0, MAX_MESSAGE - 1)}…` : m;
    const cost = costOf(k, message);
    if (cost > room) break;
    errors[k] = message;
    room -= cost;
  }
  const fields = firstFields(f.values);
  const kept = new Set<string>();
  for (const [k, cost] of fields.map(([k, v]) => [k, costOf(k, v)] as const).sort((a, b) => a[1] - b[1])) {
    if (cost > room) break;
    kept.add(k);
    room -= cost;
  }
  const values = Object.fromEntries(fields.filter(([k]) => kept.has(k)));
  return enc({ site: f.site, attempt: f.attempt, errors, values });
}

const strings = (o: unknown, keep: (k: string) => boolean): Record<string, string> =>
  o && typeof o === "object" && !Array.isArray(o)
    ? Object.fromEntries(Object.entries(o).filter(([k, v]) => keep(k) && typeof v === "string"))
    : {};

/** The cookie read back for this site and attempt, its fields limited to `known`; anything else (edited, stale, another site's) is null. */
export function decodeFormFlash(raw: string | undefined, site: number, attempt: string | undefined, known: (k: string) => boolean) {
  if (!raw || !attempt) return null;
  let v: unknown;
  try {
    v = JSON.parse(decodeURIComponent(raw));
  } catch {
    return null;
  }
  if (!v || typeof v !== "object") return null;
  const f = v as Partial<FormFlash>;
  if (f.site !== site || f.attempt !== attempt) return null;
  return { site, attempt, errors: strings(f.errors, known), values: strings(f.values, known) } satisfies FormFlash;
}

/**
 * A posted form as one value per field: the last one given (a hidden "false" before its checkbox reads
 * as the box), line breaks as "\n" (a browser posts a text area's as "\r\n": the same text is no change).
 */
export function formFields(form: Iterable<[string, FormDataEntryValue]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (k !== "__proto__" && typeof v === "string") out[k] = v.replace(/\r\n?/g, "\n");
  return out;
}
