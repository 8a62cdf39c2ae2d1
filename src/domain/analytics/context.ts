/**
 * What every analytics event says about the visit (event_properties: browser, OS, device,
 * referrer, screen size, car slug and name) and the visitor's ids (random strings of 10
 * characters). Pure: the browser passes its user agent, sizes and random bytes in.
 */

export const ID_LENGTH = 10;
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
export const ID_PATTERN = /^[a-z0-9]{10}$/;

/** A 10-character id from 10 random bytes (bytes ≥ 252 would bias the alphabet, so they are folded). */
export function idFromBytes(bytes: ArrayLike<number>): string {
  if (bytes.length < ID_LENGTH) throw new Error(`an id needs ${ID_LENGTH} random bytes`);
  let out = "";
  for (let i = 0; i < ID_LENGTH; i++) out += ALPHABET[bytes[i]! % ALPHABET.length];
  return out;
}

export type DeviceProps = { browser: string; os: string; device: "mobile" | "tablet" | "desktop" };

/** Browser, OS and device class from a user agent: coarse on purpose (no fingerprinting detail). */
export function deviceProps(userAgent: string): DeviceProps {
  const ua = userAgent;
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /OPR\/|Opera/.test(ua)
      ? "Opera"
      : /SamsungBrowser\//.test(ua)
        ? "Samsung Internet"
        : /Firefox\/|FxiOS\//.test(ua)
          ? "Firefox"
          : /Chrome\/|Chromium\/|CriOS\//.test(ua)
            ? "Chrome"
            : /Safari\//.test(ua)
              ? "Safari"
              : "Other";
  const os = /Windows/.test(ua)
    ? "Windows"
    : /iPhone|iPad|iPod/.test(ua)
      ? "iOS"
      : /Android/.test(ua)
        ? "Android"
        : /CrOS/.test(ua)
          ? "ChromeOS"
          : /Mac OS X|Macintosh/.test(ua)
            ? "macOS"
            : /Linux/.test(ua)
              ? "Linux"
              : "Other";
  const device =
    /iPad|Tablet/.test(ua) || (/Android/.test(ua) && !/Mobile/.test(ua)) ? "tablet" : /Mobi|iPhone|iPod/.test(ua) ? "mobile" : "desktop";
  return { browser, os, device };
}

/** The referrer as the event keeps it: its origin and path, never its query (it may carry personal data). */
export function referrerOf(referrer: string): string {
  if (!referrer) return "";
  try {
    const u = new URL(referrer);
    return `${u.origin}${u.pathname}`.slice(0, 500);
  } catch {
    return "";
  }
}

/** A page URL as an event keeps it: no fragment, and no query values other than tracked campaign ones. */
export function eventUrl(href: string): string {
  try {
    const u = new URL(href);
    const kept = new URLSearchParams();
    for (const [k, v] of u.searchParams) if (!/^(email|phone|name|token|code)$/i.test(k)) kept.append(k, v);
    const q = kept.toString();
    return `${u.origin}${u.pathname}${q ? `?${q}` : ""}`.slice(0, 2000);
  } catch {
    return "";
  }
}

/**
 * A vehicle tracking event carries stocknum, price, name and currency AUD: the AUD of the
 * spec's Australian sites; a New Zealand or US site's prices are in its own currency, and say so.
 */
export function vehicleEventProps(v: { stockNumber: string | null; price: number | null; name: string; slug: string }, currency = "AUD") {
  return { stocknum: v.stockNumber ?? "", price: v.price ?? 0, name: v.name, currency, car_slug: v.slug, car_name: v.name };
}
