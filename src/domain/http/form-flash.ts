/*
 * A form posted without JavaScript and refused: the browser is sent back to the form (303) with what
 * was typed and each field's message in a one-minute cookie, read back once by the page for this site
 * and this attempt only, so nothing typed is lost and nothing typed goes into a URL. Pure.
 */

export type FormFlash = { site: number; attempt: string; errors: Record<string, string>; values: Record<string, string> };

/** Under a browser's 4 KB cookie limit with room for the cookie's attributes. */
const MAX_CHARS = 3500;

/** The cookie's value; the longest values are left out (the field comes back empty) until it fits. */
export function encodeFormFlash(f: FormFlash, max = MAX_CHARS): string {
  const values = { ...f.values };
  for (;;) {
    const out = encodeURIComponent(JSON.stringify({ ...f, values }));
    const longest = Object.entries(values).sort((a, b) => b[1].length - a[1].length)[0];
    if (out.length <= max || !longest) return out.length <= max ? out : encodeURIComponent(JSON.stringify({ ...f, values: {} }));
    delete values[longest[0]];
  }
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
