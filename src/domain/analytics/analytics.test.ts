import { describe, expect, test } from "vitest";
import { chatHiddenOn, siteWidgets, WIDGET_REGISTRY, widgetOrigins, type WidgetSite } from "../site/widgets";
import { AD_EVENT_NAMES, adEventFor, normaliseUserData } from "./ad-events";
import { AdEventSchema } from "./ad-event-schema";
import { deviceProps, eventUrl, idFromBytes, ID_PATTERN, referrerOf, vehicleEventProps } from "./context";
import { EVENT_COUNT, EVENT_IDS, EVENTS, eventById, linkEvents } from "./events";
import { catalogueEventOf, MAX_EVENTS_PER_BATCH, parseEventsBody } from "./schema";
import { searchPageEvent } from "./page-events";
import { parseSearch } from "../stock/search";

describe("the event catalogue", () => {
  test("events 1 to 61, each once, each with a name, action, category and label", () => {
    expect(EVENTS.map((e) => e.id)).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
    expect(EVENT_COUNT).toBe(61);
    expect(new Set(EVENTS.map((e) => e.name)).size).toBe(61);
    for (const e of EVENTS) for (const k of ["name", "action", "category", "label", "when"] as const) expect(e[k]).not.toBe("");
  });

  test.each([
    ["formSubmit", 22, "form_submit"],
    ["favourite", 39, "favourite"],
    ["careers", 51, "careers"],
  ] as const)("%s is event %i", (key, id, name) => {
    expect(EVENT_IDS[key]).toBe(id);
    expect(eventById(id)?.name).toBe(name);
  });

  test("every named id is in the table", () => {
    for (const id of Object.values(EVENT_IDS)) expect(eventById(id)).toBeDefined();
    expect(eventById(0)).toBeUndefined();
    expect(eventById(62)).toBeUndefined();
  });
});

describe("linkEvents: what a link is for, then where it is", () => {
  test.each([
    ["tel:+61398765432", "body", [15]],
    ["mailto:sales@example.com", "footer", [16, 33]],
    ["https://www.google.com/maps/dir/?api=1&destination=1", "body", [17]],
    ["https://evil.example/google.com/maps", "body", []],
    ["/service", "header", [28, 32]],
    ["/service?location=parkside-mazda", "body", [28]],
    ["/pages/book-a-service/", "footer", [28, 33]],
    ["/vehicle-parts-and-accessories", "body", [29]],
    ["/brands/mazda", "body", [30]],
    ["/finance", "header", [26, 32]],
    ["/finance-pre-approval", "body", [26]],
    ["/search/new-cars", "header", [32]],
    ["/about-us", "footer", [33]],
    ["/about-us", "body", []],
    ["//service", "body", []],
    ["https://example.com/service", "body", []],
  ] as const)("%s in the %s fires %j", (href, area, ids) => {
    expect(linkEvents(href, area)).toEqual(ids);
  });
});

describe("ids and event properties", () => {
  test.each([
    [[0, 1, 2, 3, 4, 5, 6, 7, 8, 9], "abcdefghij"],
    [[25, 26, 35, 36, 255, 251, 100, 200, 0, 0], "z09ad92uaa"],
  ])("idFromBytes(%j) → %s", (bytes, id) => {
    expect(idFromBytes(bytes)).toBe(id);
    expect(id).toMatch(ID_PATTERN);
  });
  test("fewer than 10 bytes is a programming error", () => expect(() => idFromBytes([1, 2])).toThrow());

  test.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      { browser: "Safari", os: "iOS", device: "mobile" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36",
      { browser: "Chrome", os: "Android", device: "mobile" },
    ],
    [
      "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36",
      { browser: "Chrome", os: "Android", device: "tablet" },
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0",
      { browser: "Edge", os: "Windows", device: "desktop" },
    ],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0", { browser: "Firefox", os: "Linux", device: "desktop" }],
    ["", { browser: "Other", os: "Other", device: "desktop" }],
  ])("deviceProps(%s)", (ua, out) => expect(deviceProps(ua)).toEqual(out));

  test.each([
    ["https://www.google.com/search?q=parkside+mazda", "https://www.google.com/search"],
    ["", ""],
    ["not a url", ""],
  ])("referrerOf(%s) keeps no query → %s", (r, out) => expect(referrerOf(r)).toBe(out));

  test.each([
    ["https://a.localhost/cars?make=Mazda&email=a%40b.com#x", "https://a.localhost/cars?make=Mazda"],
    ["https://a.localhost/success?Name=Mary&utm_source=fb", "https://a.localhost/success?utm_source=fb"],
    ["https://a.localhost/", "https://a.localhost/"],
    ["%%%", ""],
  ])("eventUrl(%s) drops personal query values → %s", (href, out) => expect(eventUrl(href)).toBe(out));

  test("a vehicle tracking event carries stocknum, price, name and currency AUD", () => {
    expect(vehicleEventProps({ stockNumber: "PK123", price: 31990, name: "2021 Mazda CX-5", slug: "2021-mazda-cx-5-x" })).toEqual({
      stocknum: "PK123",
      price: 31990,
      name: "2021 Mazda CX-5",
      currency: "AUD",
      car_slug: "2021-mazda-cx-5-x",
      car_name: "2021 Mazda CX-5",
    });
  });
});

const goodEvent = (over: Record<string, unknown> = {}, props: Record<string, unknown> = {}) => ({
  website_slug: "parkside-motor-group",
  url: "https://parkside-motor-group.localhost/cars",
  category: "Lead",
  lead_id: "5b0d8c4e-3f44-4b8a-9a49-3c1f0f4c2b7e",
  anon_id: "abcdefghij",
  session_id: "0123456789",
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

describe("the events endpoint's body", () => {
  test("one event as the spec writes it, or a batch", () => {
    expect(parseEventsBody({ event: goodEvent() })).toMatchObject({ success: true, events: [{ category: "Lead" }] });
    const batch = parseEventsBody({ events: [{ event: goodEvent() }, { event: goodEvent({}, { form: "contact", car_slug: "x" }) }] });
    expect(batch.success && batch.events).toHaveLength(2);
  });

  test("an event with only the endpoint's required properties (nothing extra required)", () => {
    const spec = {
      event: {
        website_slug: "parkside-motor-group",
        url: "https://www.parksidemotorgroup.com.au/cars/x",
        category: "Vehicle",
        lead_id: null,
        anon_id: "abcdefghij",
        session_id: "0123456789",
        error_message: null,
        event_properties: { browser: "Safari", car_slug: "x", car_name: "2024 Mazda CX-5" },
      },
    };
    expect(parseEventsBody(spec)).toMatchObject({ success: true, events: [{ category: "Vehicle" }] });
    expect(parseEventsBody({ event: { ...spec.event, event_properties: {} } }).success).toBe(true);
  });

  test.each([
    [{ event_id: 22 }, 22],
    [{ event_name: "form_submit" }, 22],
    [{ event_name: "not_catalogued" }, undefined],
    [{}, undefined],
  ])("an event with properties %j is catalogue event %j", (props, id) =>
    expect(catalogueEventOf({ event_properties: props })?.id).toBe(id),
  );

  test.each([
    ["nothing", null],
    ["an array", [goodEvent()]],
    ["no wrapper", goodEvent()],
    ["an empty batch", { events: [] }],
    ["too many", { events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => ({ event: goodEvent() })) }],
    ["an unknown event id", { event: goodEvent({}, { event_id: 62 }) }],
    ["event 0", { event: goodEvent({}, { event_id: 0 }) }],
    ["a name that is not the id's", { event: goodEvent({}, { event_name: "favourite" }) }],
    ["a category that is not the id's", { event: goodEvent({ category: "Vehicle" }) }],
    ["a short anon id", { event: goodEvent({ anon_id: "abc" }) }],
    ["an upper-case session id", { event: goodEvent({ session_id: "ABCDEFGHIJ" }) }],
    ["a lead id that is not a uuid", { event: goodEvent({ lead_id: "1 or 1=1" }) }],
    ["a javascript: url", { event: goodEvent({ url: "javascript:alert(1)" }) }],
    ["a NUL in a value", { event: goodEvent({}, { label: "a\u0000b" }) }],
    ["an unknown top-level key", { event: goodEvent({ extra: 1 }) }],
    [
      "a __proto__ property",
      { event: JSON.parse(JSON.stringify(goodEvent()).replace('"event_id":22', '"__proto__":{"x":1},"event_id":22')) },
    ],
    ["a constructor property", { event: goodEvent({}, { constructor: "x" }) }],
    ["an object as a property value", { event: goodEvent({}, { deep: { a: 1 } }) }],
    ["31 extra properties", { event: goodEvent({}, Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`p${i}`, i]))) }],
    ["a bad screen size", { event: goodEvent({}, { screen_size: "big" }) }],
    ["a bad device", { event: goodEvent({}, { device: "fridge" }) }],
  ])("%s is refused", (_, body) => expect(parseEventsBody(body).success).toBe(false));
});

describe("server-side ad events", () => {
  const ids = { uuid: "5b0d8c4e-3f44-4b8a-9a49-3c1f0f4c2b7e", url: "https://p.localhost/cars/x", anonId: "abcdefghij" };

  test("a lead becomes Lead with the shopper's details, for the server only", () => {
    const ev = adEventFor(
      EVENT_IDS.formSubmit,
      { category: "New Vehicle Enquiry", car_name: "2021 Mazda CX-5", stocknum: "PK1", price: 31990, currency: "AUD" },
      ids,
      { email: "Mary@Example.com", phone: "0412 345 678" },
    );
    expect(ev).toEqual({
      eventName: "Lead",
      eventId: 22,
      uniqueFacebookEventId: ids.uuid,
      eventSourceUrl: ids.url,
      contentOptions: {
        content_name: "2021 Mazda CX-5",
        content_ids: ["PK1"],
        content_type: "vehicle",
        value: 31990,
        currency: "AUD",
        content_category: "New Vehicle Enquiry",
      },
      userData: { external_id: "abcdefghij", email: "Mary@Example.com", phone: "0412 345 678" },
    });
    expect(AdEventSchema.safeParse(ev).success).toBe(true);
  });

  test.each(Object.entries(AD_EVENT_NAMES))("event %s is counted as %s", (id, name) => {
    expect(adEventFor(Number(id), {}, ids)?.eventName).toBe(name);
  });
  test.each([1, 3, 23, 61])("event %i is not an ad event", (id) => expect(adEventFor(id, {}, ids)).toBeNull());

  test.each([
    ["the pixel's own string id", { eventId: "ev.1732501234.abc" }],
    ["any non-empty unique id", { uniqueFacebookEventId: "abc" }],
    ["a numeric unique id", { uniqueFacebookEventId: 1732501234 }],
    ["no source url (the route takes the request's page)", { eventSourceUrl: undefined }],
    ["user data as user_data", { userData: undefined, user_data: { email: "m@example.com" } }],
    ["a standard name of another event", { eventName: "Purchase" }],
  ])("%s is accepted as the browser writes the payload", (_, over) => {
    const ev = { ...adEventFor(EVENT_IDS.formSubmit, {}, ids)!, ...over };
    expect(AdEventSchema.safeParse(ev).success).toBe(true);
  });

  test.each([
    ["an empty unique id", { uniqueFacebookEventId: "" }],
    ["a name that is not a name", { eventName: "<script>" }],
    ["an object as event id", { eventId: { a: 1 } }],
    ["an unknown content option", { contentOptions: { evil: 1 } }],
    ["an unknown user field", { userData: { password: "x" } }],
    ["a relative source url", { eventSourceUrl: "/cars" }],
    ["a NUL in the email", { userData: { email: "a\u0000@b.com" } }],
  ])("%s is refused", (_, over) => {
    const ev = { ...adEventFor(EVENT_IDS.formSubmit, {}, ids)!, ...over };
    expect(AdEventSchema.safeParse(ev).success).toBe(false);
  });

  test.each([
    [{ email: "  Mary@Example.COM " }, "AU", { em: "mary@example.com", country: "au" }],
    [{ phone: "0412 345 678" }, "AU", { ph: "61412345678", country: "au" }],
    [{ phone: "021 555 0199" }, "NZ", { ph: "64215550199", country: "nz" }],
    [{ phone: "+61 412 345 678" }, "AU", { ph: "61412345678", country: "au" }],
    [{ phone: "12" }, "AU", { country: "au" }],
    [{ first_name: " Mary-Jane ", last_name: "O'Brien" }, "AU", { fn: "maryjane", ln: "obrien", country: "au" }],
    [{ postcode: " 3134 " }, "AU", { zp: "3134", country: "au" }],
    [{ external_id: "abcdefghij", country: "NZ" }, "AU", { external_id: "abcdefghij", country: "nz" }],
  ])("normaliseUserData(%j, %s)", (user, country, out) => expect(normaliseUserData(user, country)).toEqual(out));
});

describe("the widget registry", () => {
  const none: WidgetSite = {
    features: { autobot: false, dealercell: false, dealerstudio: false, impel: false, live_chat: false },
    integrations: {},
  };
  const all: WidgetSite = {
    features: { autobot: true, dealercell: true, dealerstudio: true, impel: true, live_chat: true },
    integrations: {
      tag_manager_id: "GTM-ABC1234",
      analytics_id: "G-ABC123XYZ",
      facebook_pixel_id: "100000000000001",
      facebook_mode: "live",
      live_chat: { provider: "livechat", license: "1234567" },
      dealercell_id: "dc-42",
      voice_text_id: "a4e2b7c9-5f1d-4e8a-9c3b-2d6f8e1a7b40",
      call_tracking_id: "408173265/3c9e1f7a2b5d4e60",
      support_chat_id: "q7x2m9ka",
      chatbot: { website_id: "site-9a", settings: { greeting: "Hi", "bad key": "x" } },
      dealer_tools_id: "dt-7",
      spin_customer_id: "cust-3",
    },
  };

  test("a site without switches loads nothing", () => expect(siteWidgets(none)).toEqual([]));

  test("every registry entry can be switched on, in the registry's order", () => {
    expect(siteWidgets(all).map((w) => w.key)).toEqual(WIDGET_REGISTRY.map((e) => e.key));
    for (const w of siteWidgets(all)) expect(w.src).toMatch(/^https:\/\//);
  });

  test("the chatbot is initialised with its website id and chat settings (safe keys only)", () => {
    expect(siteWidgets(all).find((w) => w.key === "chatbot")?.setup).toEqual({
      global: "autobotConfig",
      value: { websiteId: "site-9a", chatSettings: { greeting: "Hi" } },
    });
  });

  test.each([
    ["the flag off", { ...all, features: { ...all.features, dealercell: false } }, "text-chat"],
    ["a script-injecting id", { ...all, integrations: { ...all.integrations, dealercell_id: 'x"><script>' } }, "text-chat"],
    ["a pixel id that is not digits", { ...all, integrations: { ...all.integrations, facebook_pixel_id: "12ab" } }, "social-pixel"],
    ["a path-escaping call tracking id", { ...all, integrations: { ...all.integrations, call_tracking_id: "../../x" } }, "call-tracking"],
    // an id stored before the settings checked it: not the vendor's shape, so no script is asked for
    [
      "a tag manager id that is not a container",
      { ...all, integrations: { ...all.integrations, tag_manager_id: "ABC1234" } },
      "tag-manager",
    ],
    ["a pixel id too short for Meta", { ...all, integrations: { ...all.integrations, facebook_pixel_id: "12345" } }, "social-pixel"],
    [
      "a support chat id that is not Intercom's",
      { ...all, integrations: { ...all.integrations, support_chat_id: "app1" } },
      "support-chat",
    ],
  ])("%s switches the widget off", (_, site, key) => expect(siteWidgets(site).map((w) => w.key)).not.toContain(key));

  test("the demo's local pixel and chat are served by the app", () => {
    const local = siteWidgets({
      ...none,
      features: { ...none.features, live_chat: true },
      integrations: { facebook_pixel_id: "100000000000001", facebook_mode: "local", live_chat: { provider: "local" } },
    });
    expect(local.map((w) => [w.key, w.src, w.chat])).toEqual([
      ["social-pixel", "/widgets/pixel.js", false],
      ["live-chat", null, true],
    ]);
  });

  test.each([
    ["/cars", true],
    ["/cars/2021-mazda-cx-5-x", true],
    ["/cars/2021-mazda-cx-5-x/checkout", true],
    ["/checkout", true],
    ["/carsales", false],
    ["/", false],
    ["/dealerships", false],
  ])("chat hidden on %s: %s", (path, hidden) => expect(chatHiddenOn(path, ["/cars", "/checkout"])).toBe(hidden));
  test("no hidden paths: shown everywhere", () => expect(chatHiddenOn("/cars", [])).toBe(false));
});

describe("search page events", () => {
  const q = (params: Record<string, string>) => parseSearch("new-used-and-demo-cars", params, "latest");
  test.each([
    [{}, 120, null],
    [{}, 0, 6],
    [{ q: "cx-5" }, 4, 2],
    [{ make: "Mazda" }, 30, 3],
    [{ sort: "price-asc" }, 120, 4],
    [{ page: "2" }, 120, 5],
    [{ make: "Nope" }, 0, 6],
  ] as const)("%j with %i results → event %s", (params, total, id) => {
    expect(searchPageEvent(q(params), total, "latest")?.id ?? null).toBe(id);
  });
  test("a keyword search carries the words and the count", () => {
    expect(searchPageEvent(q({ q: "cx-5" }), 4, "latest")?.props).toMatchObject({ query: "cx-5", results: 4 });
  });
});

describe("the CSP origins of a site's widgets", () => {
  test("only the enabled vendors' origins; the app's own widgets need none", () => {
    const site = (integrations: Record<string, unknown>, features: Record<string, boolean> = {}) => ({
      features: { autobot: false, dealercell: false, dealerstudio: false, impel: false, live_chat: false, ...features },
      integrations,
    });
    expect(widgetOrigins(site({}))).toEqual({ script: [], connect: [], frame: [], img: [] });
    expect(
      widgetOrigins(
        site({ facebook_pixel_id: "100000000000001", facebook_mode: "local", live_chat: { provider: "local" } }, { live_chat: true }),
      ),
    ).toEqual({ script: [], connect: [], frame: [], img: [] });
    const gtm = widgetOrigins(site({ tag_manager_id: "GTM-K7Q2XRM" }));
    expect(gtm.script).toEqual(["https://www.googletagmanager.com"]);
    expect(gtm.connect).toContain("https://*.google-analytics.com");
    const both = widgetOrigins(site({ tag_manager_id: "GTM-K7Q2XRM", analytics_id: "G-3HQ8ZP4T1B" }));
    expect(both.script).toEqual(["https://www.googletagmanager.com"]); // each origin once
    // a bad id switches the widget off, and its origins with it
    expect(widgetOrigins(site({ support_chat_id: "bad id!" })).script).toEqual([]);
  });
});
