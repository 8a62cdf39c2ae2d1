import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { postTo } from "@/server/testing/requests";
import { setupAppDatabase } from "@/server/testing/app-database";
import * as t from "@/server/db/schema";
import { limiters } from "@/server/http/rate-limit";
import { eventCounts } from "@/server/repositories/analytics";
import { conversionPayload, ConversionsError, conversionsProviderFor, localConversions, MetaConversionsProvider } from "./conversions";
import { EVENTS_PER_CLIENT_MINUTE, eventsRoute, fbEventsRoute } from "./events-api";

/*
 * POST /api/events and POST /api/fb-events through the routes the browser uses, on the app's
 * database (PGlite here, PostgreSQL in CI's data-layer run): good events are stored per site, bad
 * ones get a 4xx and nothing is stored.
 */
const db = setupAppDatabase();

const PARKSIDE = "parkside-motor-group.localhost:3000";
const RIDGELINE = "ridgeline-motorcycles.localhost:3000"; // no events switch, no pixel
const sha = (v: string) => createHash("sha256").update(v).digest("hex");
const post = (
  route: (r: Request) => Promise<Response>,
  path: string,
  body: unknown,
  host = PARKSIDE,
  headers: Record<string, string> = {},
) => postTo(route, path, body, host, headers);

const event = (session: string, over: Record<string, unknown> = {}, props: Record<string, unknown> = {}) => ({
  website_slug: "parkside-motor-group",
  url: "https://parkside-motor-group.localhost/cars",
  category: "Lead",
  lead_id: null,
  anon_id: "abcdefghij",
  session_id: session,
  error_message: null,
  event_properties: {
    event_id: 22,
    event_name: "form_submit",
    action: "Submit",
    label: "Form submit",
    browser: "Chrome",
    os: "Linux",
    device: "desktop",
    referrer: "",
    screen_size: "1280x720",
    ...props,
  },
  ...over,
});

/** a session id of 10 characters no other test used */
const newSession = () => Math.random().toString(36).slice(2, 12).padEnd(10, "0");
const storedFor = async (session: string) =>
  (
    await db
      .select()
      .from(t.analyticsEvents)
      .where(and(eq(t.analyticsEvents.siteId, 1001), eq(t.analyticsEvents.sessionId, session)))
  ).length;
const total = async () => Number((await db.select({ n: sql<number>`count(*)` }).from(t.analyticsEvents))[0]!.n);

describe("POST /api/events", () => {
  test("one event as the browser writes it, and a batch from sendBeacon (text/plain too), stored for the site", async () => {
    const s = newSession();
    const one = await post(eventsRoute, "/api/events", { event: event(s) });
    expect(one.status).toBe(202);
    expect(await one.json()).toEqual({ stored: 1 });
    const batch = await post(
      eventsRoute,
      "/api/events",
      {
        events: [
          { event: event(s, { category: "Page" }, { event_id: 1, event_name: "page_view", action: "View", label: "/" }) },
          { event: event(s) },
        ],
      },
      PARKSIDE,
      { "content-type": "text/plain;charset=UTF-8" },
    );
    expect(batch.status).toBe(202);
    expect(await storedFor(s)).toBe(3);
    const [row] = await db.select().from(t.analyticsEvents).where(eq(t.analyticsEvents.sessionId, s)).limit(1);
    expect(row).toMatchObject({ siteId: 1001, anonId: "abcdefghij", url: "https://parkside-motor-group.localhost/cars" });
    // the dealer's report: counts per event and day
    const counts = await eventCounts(db, 1001, { since: new Date(Date.now() - 86_400_000), timezone: "Australia/Melbourne" });
    expect(counts.find((c) => c.eventId === 22)?.events).toBeGreaterThanOrEqual(2);
  });

  test.each([
    ["not JSON", "{", 400],
    ["an unknown event", { event: event("x", {}, { event_id: 99 }) }, 422],
    ["a name that is not the id's", { event: event("x", {}, { event_name: "favourite" }) }, 422],
    ["a short session id", { event: event("abc") }, 422],
    ["another site's slug", { event: event("x", { website_slug: "tasman-campers" }) }, 422],
    ["a __proto__ key", `{"event":${JSON.stringify(event("x")).replace('"url"', '"__proto__":{"a":1},"url"')}}`, 422],
    ["a NUL", { event: event("x", {}, { label: "a\u0000" }) }, 422],
    ["51 events", { events: Array.from({ length: 51 }, () => ({ event: event("x") })) }, 422],
    ["65 KB", { event: event("x", {}, { pad: "x".repeat(70_000) }) }, 413],
  ])("%s → %i, nothing stored", async (_, body, status) => {
    const before = await total();
    const res = await post(eventsRoute, "/api/events", body);
    expect(res.status).toBe(status);
    expect((await res.json()).error).toBeTruthy();
    expect(await total()).toBe(before);
  });

  test("a bad event in a batch refuses the whole batch, naming the field", async () => {
    const s = newSession();
    const res = await post(eventsRoute, "/api/events", { events: [{ event: event(s) }, { event: event(s, { anon_id: "short" }) }] });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ "events.1.event.anon_id": "Expected a 10-character id." });
    expect(await storedFor(s)).toBe(0);
  });

  test("wrong type 415, another website 403, a site without the switch 404, an unknown site 404", async () => {
    const s = newSession();
    expect(
      (await post(eventsRoute, "/api/events", { event: event(s) }, PARKSIDE, { "content-type": "application/x-www-form-urlencoded" }))
        .status,
    ).toBe(415);
    expect((await post(eventsRoute, "/api/events", { event: event(s) }, PARKSIDE, { origin: "https://evil.example" })).status).toBe(403);
    expect((await post(eventsRoute, "/api/events", { event: event(s, { website_slug: "ridgeline-motorcycles" }) }, RIDGELINE)).status).toBe(
      404,
    );
    expect((await post(eventsRoute, "/api/events", { event: event(s) }, "nobody.localhost:3000")).status).toBe(404);
    expect(await storedFor(s)).toBe(0);
  });

  test("events are counted one by one per client, however they are batched", async () => {
    const s = newSession();
    const batch = { events: Array.from({ length: 50 }, () => ({ event: event(s) })) };
    const send = () => post(eventsRoute, "/api/events", batch, PARKSIDE, { "x-real-ip": "10.99.3.1" });
    for (let i = 0; i < EVENTS_PER_CLIENT_MINUTE / 50; i++) expect((await send()).status).toBe(202);
    const over = await send();
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await storedFor(s)).toBe(EVENTS_PER_CLIENT_MINUTE);
    // another client is not held back
    expect((await post(eventsRoute, "/api/events", { event: event(s) }, PARKSIDE, { "x-real-ip": "10.99.3.2" })).status).toBe(202);
  });

  test("rate-limited per client and site: 429 with Retry-After", async () => {
    const saved = limiters().get("events");
    const { createMemoryRateLimiter } = await import("@/server/http/rate-limit");
    limiters().set("events", createMemoryRateLimiter({ limit: 2, windowMs: 60_000, prefix: "events-test" }));
    try {
      const s = newSession();
      const send = () => post(eventsRoute, "/api/events", { event: event(s) }, PARKSIDE, { "x-real-ip": "10.99.0.1" });
      expect((await send()).status).toBe(202);
      expect((await send()).status).toBe(202);
      const third = await send();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(await storedFor(s)).toBe(2);
    } finally {
      if (saved) limiters().set("events", saved);
      else limiters().delete("events");
    }
  });
});

const adEvent = (over: Record<string, unknown> = {}) => ({
  eventName: "Lead",
  eventId: 22,
  uniqueFacebookEventId: crypto.randomUUID(),
  eventSourceUrl: "https://parkside-motor-group.localhost/contact",
  contentOptions: { content_category: "General Enquiry" },
  userData: { email: " Mary@Example.com", phone: "0412 345 678", first_name: "Mary", external_id: "abcdefghij" },
  ...over,
});

describe("POST /api/fb-events", () => {
  test("forwarded to the site's provider with the same event id and the user data hashed", async () => {
    const ev = adEvent();
    const res = await post(fbEventsRoute, "/api/fb-events", ev, PARKSIDE, { "user-agent": "Mozilla/5.0 test" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ forwarded: true });
    const sent = localConversions().sent.find((s) => s.payload.data[0]!.event_id === ev.uniqueFacebookEventId)!;
    expect(sent.pixelId).toBe("100000000000001");
    const d = sent.payload.data[0]!;
    expect(d).toMatchObject({ event_name: "Lead", action_source: "website", event_source_url: ev.eventSourceUrl });
    expect(d.user_data).toMatchObject({
      em: [sha("mary@example.com")],
      ph: [sha("61412345678")],
      fn: sha("mary"),
      country: sha("au"),
      external_id: [sha("abcdefghij")],
      client_user_agent: "Mozilla/5.0 test",
    });
    expect(JSON.stringify(sent.payload)).not.toMatch(/mary@|0412|Mary/i);
  });

  test("the payload as the pixel writes it: the pixel's string id, any unique id, the page from the Referer", async () => {
    const ev = adEvent({
      eventId: "1732501234.4521",
      uniqueFacebookEventId: "pixel-ev-77",
      eventSourceUrl: undefined,
      userData: undefined,
    });
    const res = await post(fbEventsRoute, "/api/fb-events", { ...ev, user_data: { email: "m@example.com" } }, PARKSIDE, {
      referer: "http://parkside-motor-group.localhost:3000/cars/x",
    });
    expect(res.status).toBe(202);
    const sent = localConversions().sent.find((s) => s.payload.data[0]!.event_id === "pixel-ev-77")!;
    expect(sent.payload.data[0]).toMatchObject({ event_source_url: "http://parkside-motor-group.localhost:3000/cars/x" });
    expect(sent.payload.data[0]!.user_data).toMatchObject({ em: [sha("m@example.com")] });
  });

  test.each([
    ["an empty unique id", adEvent({ uniqueFacebookEventId: "" }), 422],
    ["an unknown user field", adEvent({ userData: { password: "hunter2" } }), 422],
    ["a javascript: source", adEvent({ eventSourceUrl: "javascript:alert(1)" }), 422],
    ["not JSON", "{", 400],
    ["9 KB", adEvent({ contentOptions: { content_name: "x".repeat(9000) } }), 413],
  ])("%s → %i, nothing forwarded", async (_, body, status) => {
    const before = localConversions().sent.length;
    const res = await post(fbEventsRoute, "/api/fb-events", body);
    expect(res.status).toBe(status);
    expect(localConversions().sent.length).toBe(before);
  });

  test("a site without a pixel: 404", async () => {
    expect((await post(fbEventsRoute, "/api/fb-events", adEvent(), RIDGELINE)).status).toBe(404);
  });
});

describe("the conversions API client, against a local fake of the platform", () => {
  let server: Server;
  let base = "";
  const got: Array<{ url: string; body: Record<string, unknown> }> = [];
  let answer = 200;
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (c) => (body += c));
      req.on("end", () => {
        got.push({ url: req.url ?? "", body: JSON.parse(body) });
        res.writeHead(answer, { "content-type": "application/json" }).end(answer === 200 ? '{"events_received":1}' : '{"error":{}}');
      });
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v21.0`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const request = () => ({
    pixelId: "100000000000001",
    event: { ...adEvent(), contentOptions: {}, userData: { email: "Mary@Example.com", postcode: "3134" } } as never,
    clientIp: "203.0.113.9",
    userAgent: "UA",
    eventTime: 1_790_000_000,
    siteCountry: "AU",
  });

  test("POSTs to /{pixel}/events with the token in the body and SHA-256 user data", async () => {
    answer = 200;
    const provider = new MetaConversionsProvider({ base, accessToken: "token-123" });
    const req = request();
    await provider.send(req);
    const last = got.at(-1)!;
    expect(last.url).toBe("/v21.0/100000000000001/events");
    expect(last.url).not.toContain("token");
    expect(last.body).toEqual({ ...conversionPayload(req), access_token: "token-123" });
    expect((last.body.data as Array<{ user_data: Record<string, unknown> }>)[0]!.user_data).toEqual({
      em: [sha("mary@example.com")],
      zp: sha("3134"),
      country: sha("au"),
      client_ip_address: "203.0.113.9",
      client_user_agent: "UA",
    });
  });

  test("a refusal and an unreachable platform are errors with their status (the route logs them)", async () => {
    answer = 400;
    await expect(new MetaConversionsProvider({ base, accessToken: "t" }).send(request())).rejects.toMatchObject({ status: 400 });
    const down = new MetaConversionsProvider({ base: "http://127.0.0.1:9/v21.0", accessToken: "t", timeoutMs: 500 });
    await expect(down.send(request())).rejects.toBeInstanceOf(ConversionsError);
  });
});

describe("which conversions provider a site gets (its token comes from its secrets, never its record)", () => {
  const pixel = { facebook_pixel_id: "100000000000001" };
  test.each([
    ["no pixel", {}, { facebook_capi_token: "EAAB" }, null],
    ["a malformed pixel id", { facebook_pixel_id: "12ab" }, { facebook_capi_token: "EAAB" }, null],
    ["the local stand-in", { ...pixel, facebook_mode: "local" as const }, {}, "local"],
    ["live with a token in its secrets", pixel, { facebook_capi_token: "EAAB" }, "meta"],
    ["live without a token", pixel, {}, null],
  ])("%s", (_, integrations, secrets, name) => {
    expect(conversionsProviderFor(integrations, secrets, "http://graph.test/v21.0")?.provider.name ?? null).toBe(name);
  });
});
