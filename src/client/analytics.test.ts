import { afterEach, beforeEach, describe, expect, test, vi } from "vitest";
import { EVENT_IDS } from "@/domain/analytics/events";
import { parseEventsBody } from "@/domain/analytics/schema";
import { configureAnalytics, flush, startAnalytics, track } from "./analytics";

/*
 * What the browser sends to the events endpoint, in the node test runner: the page's globals are
 * stand-ins, sendBeacon records each body it is given.
 */
const bodies: string[] = [];

beforeEach(() => {
  bodies.length = 0;
  vi.stubGlobal("window", {
    location: { href: "https://parkside-motor-group.localhost/cars" },
    screen: { width: 390, height: 844 },
    dispatchEvent: () => true,
  });
  vi.stubGlobal("document", { referrer: "" });
  vi.stubGlobal("navigator", {
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)",
    sendBeacon: (_url: string, blob: Blob) => (void blob.text().then((t) => bodies.push(t)), true),
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the events endpoint's body", () => {
  test("each event goes as {event:{…}}, one per request, never as an {events:[…]} batch", async () => {
    configureAnalytics({ site: "parkside-motor-group", endpoint: "/api/events", adEvents: false });
    startAnalytics();
    track(EVENT_IDS.formStart, { form: "contact" });
    track(EVENT_IDS.formSubmit, { form: "contact", lead_id: "5b0d8c4e-3f44-4b8a-9a49-3c1f0f4c2b7e" });
    flush();
    await vi.waitFor(() => expect(bodies).toHaveLength(2));
    for (const body of bodies) {
      const sent = JSON.parse(body) as Record<string, unknown>;
      expect(Object.keys(sent)).toEqual(["event"]);
      expect(sent.event).toMatchObject({ website_slug: "parkside-motor-group", url: "https://parkside-motor-group.localhost/cars" });
      // and the server takes it as it is
      expect(parseEventsBody(sent)).toMatchObject({ success: true, events: [{ website_slug: "parkside-motor-group" }] });
    }
  });
});
