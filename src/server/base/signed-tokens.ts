import "server-only";
import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/*
 * One way to sign and check what the platform hands out and takes back: webhook notices, staff
 * preview links, unsubscribe links. A MAC is HMAC-SHA256; a check compares in constant time, so how
 * long a refusal takes says nothing about how much of a guess was right.
 */

/** HMAC-SHA256 of `data` under `key`, in the encoding the wire format asks for. */
export function hmacSha256(key: string, data: string, encoding: "hex" | "base64url" = "base64url"): string {
  return createHmac("sha256", key).update(data).digest(encoding);
}

/**
 * True when the two strings are equal, compared in constant time. Both are hashed first, so strings
 * of different lengths are compared in the same time too (their length is not given away either).
 */
export function sameSecret(given: string, expected: string): boolean {
  return timingSafeEqual(createHash("sha256").update(given).digest(), createHash("sha256").update(expected).digest());
}

/*
 * A token `{body}.{mac}` where the MAC is over the body under `{purpose}:{secret}`: one secret serves
 * every kind of token, and a token made for one purpose (a preview) is never good for another (an
 * unsubscribe). The body's shape (ids, an expiry) is the caller's to write and to read back.
 */
const macOf = (secret: string, purpose: string, body: string) => hmacSha256(`${purpose}:${secret}`, body);

/** The signed token for this body. */
export function signToken(secret: string, purpose: string, body: string): string {
  return `${body}.${macOf(secret, purpose, body)}`;
}

/** True when `mac` is this platform's MAC of the body for this purpose. */
export function tokenMacValid(secret: string, purpose: string, body: string, mac: string): boolean {
  return sameSecret(mac, macOf(secret, purpose, body));
}
