import "server-only";
import type { IncomingMessage, OutgoingHttpHeaders } from "node:http";
import { brotliDecompressSync, gunzipSync, inflateSync } from "node:zlib";
import { isMediaType } from "@/domain/http/content-type";
import { pageCacheUrl } from "@/domain/http/page-cache";
import { inlineScriptHashes } from "@/domain/http/script-hashes";
import type { Entry } from "./entries";
import { makeTemplate, type BodyTemplate } from "./gzip-template";
import { cacheKey, hostOf } from "./key";
import type { SharedCopy } from "./shared";

/*
 * What is kept of a page: a render's answer made into a stored copy (one copy for everyone: its
 * nonce dropped and a CSP of its own scripts' hashes, docs/decisions/0019-shared-page-cache-and-hash-csp.md),
 * or the shared tier's copy made into one.
 */

/** Headers not replayed from a stored response (per-connection, per-encoding or per-request). */
const NOT_STORED = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "vary",
  "x-cache",
  "content-security-policy",
]);

/**
 * A page with more inline scripts than this is kept as a nonce template, not hashed: its CSP header
 * would grow past what proxies take (Next writes three on our pages).
 */
export const MAX_HASHED_SCRIPTS = 100;

/** The stored (identity) body, or null when the encoding is not one we can read back. */
export function decode(body: Buffer, encoding: string): Buffer | null {
  try {
    switch (encoding.trim().toLowerCase()) {
      case "":
      case "identity":
        return body;
      case "gzip":
      case "x-gzip":
        return gunzipSync(body);
      case "deflate":
        return inflateSync(body);
      case "br":
        return brotliDecompressSync(body);
      default:
        return null;
    }
  } catch {
    return null;
  }
}

/**
 * What a render's body is stored as: without its nonce and with a CSP of its own hashes (the same
 * bytes for every request), or, without a policy for them, a template each answer fills with its nonce.
 * Only the scripts this render's nonce marks (Next's own) are hashed, before the nonce goes: a
 * script injected into the page carries none, and stays refused on every copy.
 */
export function storedCopy(
  body: Buffer,
  nonce: string | undefined,
  hashPolicy?: (hashes: readonly string[]) => string | undefined,
): { template: BodyTemplate; policy?: string } {
  if (hashPolicy) {
    const text = body.toString("utf8");
    const hashes = inlineScriptHashes(text, nonce);
    const policy = hashes.length <= MAX_HASHED_SCRIPTS ? hashPolicy(hashes) : undefined;
    if (policy) {
      const html = nonce ? text.replaceAll(` nonce="${nonce}"`, "") : text;
      return { template: makeTemplate(Buffer.from(html, "utf8"), null), policy };
    }
  }
  return { template: makeTemplate(body, nonce) };
}

/**
 * The entry a finished render's answer makes (its status, headers and the body written), or null
 * when it is not kept: not a 200 HTML page, a Set-Cookie, over `maxBody`, or an encoding we cannot read.
 */
export function entryFromRender(
  req: IncomingMessage,
  answer: { status: number; headers: OutgoingHttpHeaders; body: Buffer | null },
  opts: { maxBody: number; now: number; copy: (identity: Buffer) => { template: BodyTemplate; policy?: string } },
): Entry | null {
  const { status, headers } = answer;
  if (status !== 200 || headers["set-cookie"] || !isMediaType(String(headers["content-type"] ?? ""), "text/html") || !answer.body)
    return null;
  const body = decode(answer.body, String(headers["content-encoding"] ?? ""));
  if (!body || body.length > opts.maxBody) return null;
  const stored: OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers)) if (!NOT_STORED.has(k) && v !== undefined) stored[k] = v;
  const copy = opts.copy(body);
  if (copy.policy) stored["content-security-policy"] = copy.policy;
  return {
    status: 200,
    headers: stored,
    template: copy.template,
    storedAt: opts.now,
    bytes: body.length,
    tags: [],
    hits: 0,
    key: cacheKey(req),
    host: hostOf(req),
    // drawn again without the parameters the page does not read (one shopper's gclid)
    url: pageCacheUrl(req.url ?? "/"),
  };
}

/** The shared tier's copy as an entry here, or null when its gzip cannot be read (a damaged row). */
export function entryFromShared(copy: SharedCopy, page: { key: string; host: string; url: string }, now: number): Entry | null {
  let identity: Buffer;
  try {
    identity = gunzipSync(copy.gzip);
  } catch {
    return null;
  }
  return {
    status: 200,
    headers: copy.headers,
    // the stored gzip is a gzip header, one deflate run, an empty final block and the trailer (gzip-template.ts)
    template: { parts: [identity], placeholder: null, deflated: [copy.gzip.subarray(10, copy.gzip.length - 10)] },
    storedAt: now - copy.ageMs,
    bytes: identity.length,
    tags: copy.tags,
    hits: 0,
    ...page,
  };
}
