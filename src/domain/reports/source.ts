/*
 * Where a visit or a lead came from, read from the first page's tracked parameters
 * (gclid, fbclid, utm_source, utm_medium, utm_campaign) and the page that sent the shopper (the
 * referrer's host). One function for the leads report and the visits rollup alike.
 */

export const CHANNELS = ["paid-search", "paid-social", "campaign", "organic", "referral", "direct"] as const;
export type Channel = (typeof CHANNELS)[number];
export const CHANNEL_LABELS: Record<Channel, string> = {
  "paid-search": "Paid search",
  "paid-social": "Paid social",
  campaign: "Other campaigns (utm)",
  organic: "Organic search",
  referral: "Referral",
  direct: "Direct",
};

export type SourceInput = {
  /** the first page's tracked parameters */
  params: Readonly<Record<string, unknown>>;
  /** the page that sent the shopper (an address or a host), if another site's */
  referrer: string | null | undefined;
  /** the site's own hosts (its domain, www., its other domains): a referrer there is no source */
  ownHosts?: readonly string[];
};

export type Source = {
  channel: Channel;
  /** the campaign as tagged ("google / cpc / spring-sale"), or the referring host; null for direct */
  detail: string | null;
};

const SEARCH_ENGINES =
  /(^|\.)(google\.[a-z.]+|bing\.com|duckduckgo\.com|search\.yahoo\.com|yahoo\.com|ecosia\.org|baidu\.com|yandex\.[a-z.]+|search\.brave\.com)$/;
const SOCIAL = /^(facebook|fb|instagram|ig|meta|tiktok|linkedin|twitter|x|snapchat|pinterest|youtube)$/;
const PAID = /^(cpc|ppc|paid|paidsearch|paid[-_ ]search|sem|display|paid[-_ ]?social|social[-_ ]?paid|paid[-_ ]?media)$/;

const text = (v: unknown): string => (typeof v === "string" ? v.trim().slice(0, 100) : "");

/** The host a referrer names, lower case and without "www." (null when it names none). */
export function referrerHost(raw: string | null | undefined): string | null {
  const s = (raw ?? "").trim();
  if (!s) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(s) ? s : `https://${s}`).hostname.toLowerCase();
    return /^[a-z0-9.-]+$/.test(host) && host.includes(".") ? host.replace(/^www\./, "") : null;
  } catch {
    return null;
  }
}

/** The channel of a visit or lead, and its campaign or referring host. */
export function sourceOf(input: SourceInput): Source {
  const p = input.params;
  const [utmSource, utmMedium, utmCampaign] = [text(p.utm_source), text(p.utm_medium), text(p.utm_campaign)];
  const tagged = [utmSource, utmMedium, utmCampaign].filter(Boolean).join(" / ") || null;
  if (text(p.gclid)) return { channel: "paid-search", detail: tagged ?? "google (gclid)" };
  if (text(p.fbclid)) return { channel: "paid-social", detail: tagged ?? "facebook (fbclid)" };
  if (utmSource || utmMedium || utmCampaign) {
    const medium = utmMedium.toLowerCase();
    const social = SOCIAL.test(utmSource.toLowerCase()) || /social/.test(medium);
    if (PAID.test(medium)) return { channel: social ? "paid-social" : "paid-search", detail: tagged };
    return { channel: "campaign", detail: tagged };
  }
  const host = referrerHost(input.referrer);
  const own = (input.ownHosts ?? []).map((h) => referrerHost(h)).filter(Boolean);
  if (!host || own.includes(host)) return { channel: "direct", detail: null };
  if (SEARCH_ENGINES.test(host)) return { channel: "organic", detail: host };
  return { channel: "referral", detail: host };
}
