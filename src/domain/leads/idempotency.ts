/*
 * The lead API's `Idempotency-Key` header: the browser sends a fresh key with each submission and
 * the same key with each retry of it, so a retry after a 503 or a lost answer never makes a second
 * lead. Pure: the key's rules and how long a key counts.
 */

/** A key answers with its first lead for this long; after that it is a new submission. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export const IDEMPOTENCY_KEY_MESSAGE = "Send the Idempotency-Key as 1 to 255 visible characters.";
export const IDEMPOTENCY_REUSED_MESSAGE = "This Idempotency-Key was sent with another enquiry. Send a new key with a new enquiry.";

/** Visible ASCII only (a header carries nothing else safely), at most 255 characters. */
const KEY = /^[\x21-\x7e]{1,255}$/;

/** The key of a request: null when none was sent, an error message when it is not one. */
export function idempotencyKeyOf(header: string | null): { key: string } | { error: string } | null {
  if (header === null) return null;
  const key = header.trim();
  return KEY.test(key) ? { key } : { error: IDEMPOTENCY_KEY_MESSAGE };
}
