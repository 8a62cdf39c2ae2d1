"use client";

import { deviceProps, eventUrl, idFromBytes, ID_PATTERN, referrerOf } from "@/domain/analytics/context";
import { adEventFor, AD_EVENT_DELAY_MS, type AdEvent, type AdUserInput } from "@/domain/analytics/ad-events";
import { eventById, MAX_EVENTS_PER_BATCH } from "@/domain/analytics/events";
import type { AnalyticsEvent } from "@/domain/analytics/schema";
import { readRaw } from "./storage";
import { uuid } from "./uuid";

/**
 * The one way to fire an analytics event: `track(id, props)` (ids and names in
 * src/domain/analytics/events.ts). Each event goes to the tag manager's data layer, to a DOM event
 * other widgets (and tests) hear, to the site's events endpoint in batches (sendBeacon), and, for the
 * events an ad platform counts, to the social pixel and 250 ms later to /api/fb-events with the same
 * event id. Nothing leaves the browser before the first interaction or 3 s (docs/features/analytics-chat-widgets.md).
 */

export type AnalyticsConfig = {
  site: string;
  /** the events endpoint on sites whose switch is on (only on some sites), else null */
  endpoint: string | null;
  /** server-side ad events on sites with a social pixel */
  adEvents: boolean;
};

type Props = Record<string, unknown>;
type Fbq = (...args: unknown[]) => void;

const DEVICE_KEY = "analytics_device_id";
const SESSION_KEY = "analytics_session_id";
const FLUSH_AFTER_MS = 2000;

let config: AnalyticsConfig | null = null;
let started = false;
const outbox: AnalyticsEvent[] = [];
let pendingAds: Array<() => void> = [];
let early: Array<[number, Props, AdUserInput | undefined]> = [];
let flushTimer: ReturnType<typeof setTimeout> | undefined;

function newId(): string {
  return idFromBytes(crypto.getRandomValues(new Uint8Array(10)));
}

/** A device id and a session id, random strings of 10 characters, kept in the browser. */
function keptId(key: string, where: "local" | "session"): string {
  const stored = readRaw(key, where);
  if (stored && ID_PATTERN.test(stored)) return stored;
  const id = newId();
  try {
    (where === "local" ? localStorage : sessionStorage).setItem(key, id);
  } catch {
    /* storage blocked: an id for this page only */
  }
  return id;
}
export const deviceId = () => keptId(DEVICE_KEY, "local");
export const sessionId = () => keptId(SESSION_KEY, "session");

/** Scalars only, names the endpoint takes, strings cut to its limit. */
function eventProps(props: Props): Record<string, string | number | boolean | null> {
  const out: Record<string, string | number | boolean | null> = {};
  for (const [k, v] of Object.entries(props)) {
    if (!/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(k) || k === "constructor") continue;
    const key = k === "category" ? "enquiry_category" : k;
    if (typeof v === "string") out[key] = v.slice(0, 500);
    else if ((typeof v === "number" && Number.isFinite(v)) || typeof v === "boolean" || v === null) out[key] = v;
  }
  return out;
}

function buildEvent(id: number, props: Props): AnalyticsEvent | null {
  const def = eventById(id);
  if (!def || !config) return null;
  const { lead_id, error_message, label, ...rest } = props;
  return {
    website_slug: config.site,
    url: eventUrl(window.location.href),
    category: def.category,
    lead_id: typeof lead_id === "string" ? lead_id : null,
    anon_id: deviceId(),
    session_id: sessionId(),
    error_message: typeof error_message === "string" ? error_message.slice(0, 500) : null,
    event_properties: {
      ...eventProps(rest),
      event_id: def.id,
      event_name: def.name,
      action: def.action,
      label: typeof label === "string" && label ? label.slice(0, 200) : def.label,
      ...deviceProps(navigator.userAgent),
      referrer: referrerOf(document.referrer),
      screen_size: `${window.screen.width}x${window.screen.height}`,
    },
  };
}

/**
 * Fires event `eventId` (1..61) with its properties. `adUser` (what the shopper typed in a form) goes
 * only into the server-side ad event, hashed there; never into the data layer or the events endpoint.
 */
export function track(eventId: number, properties: Props = {}, adUser?: AdUserInput): void {
  const def = eventById(eventId);
  if (!def) return;
  if (!config) {
    early.push([eventId, properties, adUser]); // fired before the site's layout configured us
    return;
  }
  const ad = config.adEvents
    ? adEventFor(def.id, properties, { uuid: uuid(), url: eventUrl(window.location.href), anonId: deviceId() }, adUser)
    : null;
  const props = ad ? { ...properties, fb_event_id: ad.uniqueFacebookEventId } : properties;
  const flat = { event: def.name, event_id: def.id, ...props };
  const w = window as unknown as { dataLayer?: unknown[] };
  (w.dataLayer ??= []).push(flat);
  window.dispatchEvent(new CustomEvent("dealer:track", { detail: flat }));

  const built = config.endpoint ? buildEvent(def.id, props) : null;
  if (built) {
    outbox.push(built);
    scheduleFlush();
  }
  if (ad) {
    const send = () => {
      // the browser's pixel first, the server's copy 250 ms later with the same event id (docs/features/analytics-chat-widgets.md)
      const fbq = (window as unknown as { fbq?: Fbq }).fbq;
      fbq?.("track", ad.eventName, ad.contentOptions, { eventID: ad.uniqueFacebookEventId });
      setTimeout(() => void sendAdEvent(ad), AD_EVENT_DELAY_MS);
    };
    if (started) send();
    else pendingAds.push(send);
  }
}

async function sendAdEvent(body: AdEvent) {
  try {
    const res = await fetch("/api/fb-events", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
      keepalive: true,
    });
    if (!res.ok) console.warn(`Ad event not sent (${res.status}).`); // logged only
  } catch (e) {
    console.warn("Ad event not sent.", e);
  }
}

function scheduleFlush() {
  if (!started) return;
  clearTimeout(flushTimer);
  flushTimer = setTimeout(flush, outbox.length >= MAX_EVENTS_PER_BATCH ? 0 : FLUSH_AFTER_MS);
}

/**
 * Sends what is queued by sendBeacon (it survives the page going away): each event as the events endpoint's
 * `{event:{…}}`, one request per event, so any endpoint that takes the spec's body takes ours.
 */
export function flush(): void {
  clearTimeout(flushTimer);
  // before the first interaction or 3 s nothing leaves, not even on the way out (docs/features/analytics-chat-widgets.md)
  if (!started || !config?.endpoint || outbox.length === 0) return;
  const endpoint = config.endpoint;
  for (const event of outbox.splice(0, outbox.length)) {
    const body = JSON.stringify({ event });
    const queued =
      typeof navigator.sendBeacon === "function" && navigator.sendBeacon(endpoint, new Blob([body], { type: "application/json" }));
    if (!queued)
      void fetch(endpoint, { method: "POST", headers: { "content-type": "application/json" }, body, keepalive: true })
        .then((r) => {
          if (!r.ok) console.warn(`Analytics events not sent (${r.status}).`); // the console only
        })
        .catch((e) => console.warn("Analytics events not sent.", e));
  }
}

/** The site's settings, from its layout; events fired before this wait for it. */
export function configureAnalytics(next: AnalyticsConfig): void {
  config = next;
  const waiting = early;
  early = [];
  for (const [id, props, user] of waiting) track(id, props, user);
}

/** After the first interaction or 3 s: queued events and ad events go out, and from now on as they come. */
export function startAnalytics(): void {
  if (started) return;
  started = true;
  const ads = pendingAds;
  pendingAds = [];
  for (const send of ads) send();
  scheduleFlush();
}
