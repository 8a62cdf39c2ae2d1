import ipaddr from "ipaddr.js";
/**
 * Inputs are normalised once at the edge: a request target that cannot be decoded, or that
 * carries control characters (NUL above all), never reaches a route. Pure, table-tested.
 */
export const MAX_URL_LENGTH = 8192;
/** Methods any route may answer; which ones a given API route answers is what it exports (routes.ts). */
export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"] as const;
/** Pages are read, never posted to (the app has no server actions); only the APIs take writes. */
export const PAGE_METHODS = ["GET", "HEAD"] as const;
export const isApiPath = (url: string | undefined): boolean => /^\/(api|mock)(\/|$|\?)/.test(url ?? "");

export type RequestProblem = { status: 400 | 405 | 414; message: string; allow?: readonly string[] };

/** `decodeURIComponent` that answers null instead of throwing (bad %-escapes, lone surrogates). */
export function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

// C0 controls and DEL; tab, CR and LF are never meaningful in a path or a query value either
const CONTROL = /[\u0000-\u001f\u007f]/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const wellFormed = (s: string) => !LONE_SURROGATE.test(s);

/** A stored or submitted string must not carry NUL/control characters or lone UTF-16 surrogates. */
export function isCleanText(value: string, allowNewlines = true): boolean {
  const control = allowNewlines ? /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/ : CONTROL;
  return !control.test(value) && wellFormed(value);
}

export function checkRequest(method: string | undefined, rawUrl: string | undefined): RequestProblem | null {
  const url = rawUrl ?? "/";
  if (!method || !(ALLOWED_METHODS as readonly string[]).includes(method))
    return { status: 405, message: "This method is not allowed.", allow: ALLOWED_METHODS };
  if (!isApiPath(url) && !(PAGE_METHODS as readonly string[]).includes(method))
    return { status: 405, message: "This method is not allowed.", allow: PAGE_METHODS };
  if (url.length > MAX_URL_LENGTH) return { status: 414, message: "The address is too long." };
  if (!url.startsWith("/")) return { status: 400, message: "The address is not valid." };
  const q = url.indexOf("?");
  const path = q < 0 ? url : url.slice(0, q);
  const query = q < 0 ? "" : url.slice(q + 1);
  const decodedPath = safeDecode(path);
  if (decodedPath === null || CONTROL.test(decodedPath) || !wellFormed(decodedPath))
    return { status: 400, message: "The address is not valid." };
  for (const part of query.split(/[&;]/)) {
    const decoded = safeDecode(part.replace(/\+/g, " "));
    if (decoded === null || CONTROL.test(decoded) || !wellFormed(decoded))
      return { status: 400, message: "The address has a value that is not valid." };
  }
  return null;
}

/**
 * An address as a proxy writes it into X-Forwarded-For: IPv4 in dotted decimal, or IPv6 without a
 * zone (read by ipaddr.js; its other IPv4 spellings, such as 0x7f.1, are not what a proxy writes).
 */
const isIp = (s: string) => ipaddr.IPv4.isValidFourPartDecimal(s) || (!s.includes("%") && ipaddr.IPv6.isValid(s));

/**
 * Some proxies (Azure's, some AWS balancers) write the client's port too: `203.0.113.7:51234`,
 * `[2001:db8::1]:51234`. The port changes with every connection, so the address alone is the client.
 */
function withoutPort(s: string): string {
  const v6 = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(s);
  if (v6) return v6[1]!;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(s);
  return v4 ? v4[1]! : s;
}

/** An IPv4 client seen on an IPv6 socket (`::ffff:203.0.113.9`) is its IPv4 address. */
function unmapped(socket: string): string {
  if (!ipaddr.IPv6.isValid(socket)) return socket;
  const a = ipaddr.IPv6.parse(socket);
  return a.isIPv4MappedAddress() ? a.toIPv4Address().toString() : socket;
}

/**
 * The client's address for rate limits. Behind `trustedHops` reverse proxies, each appends the
 * address it saw to X-Forwarded-For, so the client is the entry `trustedHops` from the right;
 * anything further left was written by the client and is never trusted.
 */
export function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedHops: number,
  /** the proxies' own addresses; a request from anywhere else is its socket's, whatever it forwards */
  trustedProxies: readonly string[] = [],
): string {
  const socket = socketAddress || "unknown";
  if (trustedHops <= 0 || !forwardedFor) return socket;
  const bare = unmapped(socket);
  if (trustedProxies.length && !trustedProxies.includes(socket) && !trustedProxies.includes(bare)) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (!hops.length) return socket;
  const candidate = withoutPort(hops[Math.max(0, hops.length - trustedHops)]!);
  return isIp(candidate) ? candidate : socket;
}
