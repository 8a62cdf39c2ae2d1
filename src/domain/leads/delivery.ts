/*
 * Lead delivery: where each lead goes and how often a failed delivery is tried again.
 * Pure rules; the outbox, the worker and the channels live in src/server/delivery.
 *
 * Channels, per site (stored in `sites.lead_delivery`) with the location's own address first:
 * - email: a readable message for the salesperson, with the ADF XML attached, to the lead's
 *   location's email (else the site's), unless `email_to_location` is false; plus any `emails`.
 * - adf_email: the ADF XML alone, for a CRM's import address.
 * - webhook: JSON to a URL, signed with HMAC-SHA256 (the site's secret).
 */

export type DeliveryChannel = "email" | "adf_email" | "webhook";
/** An outbox job's channel: the dealer's, the shopper's booking confirmation (the lead's own email), or the dealer's notice of a cancelled booking. */
export type OutboxChannel = DeliveryChannel | "booking_email" | "booking_cancelled";

export type LeadDeliveryConfig = {
  /** default true: the lead's location (else the site) gets the salesperson's email */
  email_to_location?: boolean;
  /** more salespeople's addresses for every lead of the site */
  emails?: string[];
  /** CRM import addresses that take ADF XML by email */
  adf_emails?: string[];
  /** JSON webhooks; the secret signs each body */
  webhooks?: Array<{ url: string; secret: string }>;
};

export type DeliveryTarget = { channel: DeliveryChannel; target: string };

/** An email address as the platform accepts one (lead delivery, site and location records, operators). */
export const EMAIL = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/;
export const isEmail = (v: unknown): v is string => typeof v === "string" && v.length <= 254 && EMAIL.test(v);
const isHttpUrl = (v: unknown): v is string => typeof v === "string" && /^https?:\/\//.test(v) && URL.canParse(v);

/** A stored config made safe: unknown keys dropped, bad addresses and URLs left out. */
export function leadDeliveryConfig(raw: unknown): LeadDeliveryConfig {
  const r = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const list = (k: string) => (Object.hasOwn(r, k) && Array.isArray(r[k]) ? (r[k] as unknown[]) : []);
  return {
    email_to_location: Object.hasOwn(r, "email_to_location") ? r.email_to_location !== false : true,
    emails: list("emails").filter(isEmail),
    adf_emails: list("adf_emails").filter(isEmail),
    webhooks: list("webhooks").flatMap((w) => {
      const o = w as Record<string, unknown> | null;
      return o && isHttpUrl(o.url) && typeof o.secret === "string" && o.secret.length >= 16 ? [{ url: o.url, secret: o.secret }] : [];
    }),
  };
}

/** Every delivery one lead needs, each (channel, target) once. */
export function deliveryTargets(config: LeadDeliveryConfig, addresses: { location: string | null; site: string | null }): DeliveryTarget[] {
  const out: DeliveryTarget[] = [];
  const add = (channel: DeliveryChannel, target: string) => {
    const t = channel === "webhook" ? target : target.toLowerCase();
    if (!out.some((d) => d.channel === channel && d.target === t)) out.push({ channel, target: t });
  };
  if (config.email_to_location !== false) {
    const own = [addresses.location, addresses.site].find(isEmail);
    if (own) add("email", own);
  }
  for (const e of config.emails ?? []) add("email", e);
  for (const e of config.adf_emails ?? []) add("adf_email", e);
  for (const w of config.webhooks ?? []) add("webhook", w.url);
  return out;
}

/** A delivery is given up (status failed, flagged) after this many attempts. */
export const MAX_DELIVERY_ATTEMPTS = 12;
/** A delivery still not through after this long is flagged and logged at error level. */
export const DELIVERY_FLAG_AFTER_MS = 15 * 60_000;
/** A claimed delivery whose worker died is claimed again after this long. */
export const DELIVERY_LEASE_MS = 60_000;

/** Wait before the next attempt after `attempts` failed ones: 5 s, 10 s, 20 s … at most 30 minutes. */
export function retryDelayMs(attempts: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 30 * 60_000);
}

/**
 * An attempt as the dealer reads it: "delivered", "refused by the receiver (HTTP 503)",
 * "could not connect" or "refused: not a public address", never the raw error text (which would
 * make the back-office a port scanner's report). `detail` is what the worker recorded.
 */
export function attemptText(ok: boolean, detail: string | null): string {
  if (ok) return "delivered";
  const d = detail ?? "";
  const status = /^status (\d{3})$/.exec(d);
  if (status) return `refused by the receiver (HTTP ${status[1]})`;
  const smtp = /^smtp (\d{3})$/.exec(d);
  if (smtp) return `refused by the mail server (${smtp[1]})`;
  if (d === "address refused") return "refused: not a public address";
  if (d === "webhook no longer configured") return "not sent: the webhook was removed";
  if (d === "lead not found") return "not sent: the lead was removed";
  return "could not connect";
}
