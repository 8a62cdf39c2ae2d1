"use client";

/** The one tracking function: tag-manager data layer plus a DOM event other widgets (and tests) can hear. */
export function track(eventId: number, properties: Record<string, unknown> = {}) {
  const w = window as unknown as { dataLayer?: unknown[] };
  const event = { event: `event_${eventId}`, event_id: eventId, ...properties };
  (w.dataLayer ??= []).push(event);
  window.dispatchEvent(new CustomEvent("dealer:track", { detail: event }));
}
