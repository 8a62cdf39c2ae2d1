import { createHash } from "node:crypto";

/*
 * The hashes of a page's inline scripts, for a CSP that allows exactly those scripts without a
 * per-response nonce (docs/decisions/0019-shared-page-cache-and-hash-csp.md): a stored page is then
 * the same bytes for every shopper, so any process, a shared store or a CDN can serve one copy.
 *
 * A browser hashes an inline script's text as it stands between `<script …>` and `</script>` (a raw
 * text element: no entity is decoded), UTF-8 encoded. A script with `src` is allowed by its origin
 * instead, and a data block (JSON-LD, a JSON payload) never runs, so neither is hashed. The HTML
 * parser turns CR LF and a lone CR into LF before the script's text exists, so they are hashed so.
 *
 * Only scripts that carry the render's own nonce are hashed: Next marks every script it writes with
 * it, and a script injected into the page's data cannot know it (a fresh one per request). Hashing
 * every inline script would allow an injected one on every stored copy that the first, nonce'd
 * answer blocked.
 */

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
const SRC = /(?:^|\s)src\s*=/i;
/** One attribute: its name and its value (double-, single- or unquoted). */
const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
/** The type values a browser runs as script (an absent or empty type is classic script). */
const RUNS = /^(|text\/javascript|application\/javascript|text\/ecmascript|application\/ecmascript|module|text\/jscript)$/;

/** Whether a `<script>` tag's attributes make its text run as script. */
export function isInlineRunnable(attributes: string): boolean {
  if (SRC.test(attributes)) return false;
  const m = TYPE.exec(attributes);
  const type = (m?.[1] ?? m?.[2] ?? m?.[3] ?? "").trim().toLowerCase();
  return RUNS.test(type);
}

/** The nonce a `<script>` tag's attributes carry, if any. */
function nonceIn(attributes: string): string | undefined {
  // read attribute by attribute, so that ` nonce="…"` inside another attribute's value is not taken for one
  for (const m of attributes.matchAll(ATTRIBUTE)) if (m[1]!.toLowerCase() === "nonce") return m[2] ?? m[3] ?? m[4] ?? "";
  return undefined;
}

/** The text of every inline script that runs (with `nonce`: only those carrying it), in page order, its newlines as the parser makes them. */
export function inlineScripts(html: string, nonce?: string): string[] {
  const out: string[] = [];
  for (const m of html.matchAll(SCRIPT)) {
    const attributes = m[1] ?? "";
    if (!isInlineRunnable(attributes) || (nonce !== undefined && nonceIn(attributes) !== nonce)) continue;
    out.push((m[2] ?? "").replace(/\r\n?/g, "\n"));
  }
  return out;
}

/**
 * The CSP hash sources (`'sha256-…'`) of the page's inline scripts that carry this render's nonce,
 * each once, in page order (taken before the nonce is stripped). No nonce: no script is trusted.
 */
export function inlineScriptHashes(html: string, nonce: string | undefined): string[] {
  if (!nonce) return [];
  const seen = new Set<string>();
  for (const text of inlineScripts(html, nonce)) seen.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  return [...seen];
}
