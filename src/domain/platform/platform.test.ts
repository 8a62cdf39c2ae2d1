import { describe, expect, test } from "vitest";
import type { Location } from "../site/types";
import { DEFAULT_SEARCH_TEMPLATES } from "../stock/landing";
import {
  OpeningHoursUpdateSchema,
  SearchSlugsSchema,
  SessionLocationSchema,
  SpecialHoursUpdateSchema,
  WebsiteSessionSchema,
  fromSearchSlugs,
  fromSessionLocation,
  fromWebsiteSession,
  parseSiteId,
  toSearchPageTemplates,
  toSearchSlugs,
  toSessionLocation,
  toWebsiteSession,
} from "./contract";
import { platformOpenApi } from "./openapi";

const week = (over: Partial<Record<number, object>> = {}) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, status: "Open", open: "09:00", close: "17:00", ...over[weekday] }));

const location: Location = {
  id: 10012,
  dealershipId: 10012,
  name: "Parkside Mazda",
  slug: "parkside-mazda",
  dealershipSlug: "parkside-mazda",
  position: 2,
  locationType: "sales",
  locationSubtype: ["buying"],
  isPrimary: false,
  visible: true,
  manufacturers: ["Mazda"],
  gmbProfileId: "gmb-10012",
  dealerLicenseNumber: "LMCT 12345",
  motorVehicleRepairer: null,
  averageRating: 4.6,
  reviewCount: 120,
  image: null,
  timezone: "Australia/Melbourne",
  contactDetail: { phone: "03 9000 0000", email: "mazda@example.com", social_urls: { facebook: "https://facebook.com/parkside" } },
  openingHours: [{ weekday: 1, status: "Open", open: "09:00", close: "17:00", formated_hours: "9:00 am - 5:00 pm" }],
  address: {
    street: "1 Main Rd",
    city: "Parkside",
    state: "VIC",
    postcode: "3000",
    lat: -37.8,
    long: 144.9,
    full: "1 Main Rd, Parkside VIC 3000",
  },
};

describe("site ids in paths", () => {
  test.each([
    ["1001", 1001],
    ["1", 1],
    ["999999999", 999999999],
    ["0", null],
    ["01", null],
    ["-1", null],
    ["+1", null],
    ["1e3", null],
    ["1.0", null],
    [" 1", null],
    ["1000000000", null],
    ["abc", null],
    ["__proto__", null],
    ["1\u0000", null],
    ["", null],
  ])("%j → %j", (raw, id) => expect(parseSiteId(raw)).toBe(id));
});

describe("opening hours and special hours (the dashboard's writes)", () => {
  test("a week of valid hours passes", () => {
    expect(OpeningHoursUpdateSchema.safeParse({ opening_hours: week({ 0: { status: "Closed", open: null, close: null } }) }).success).toBe(
      true,
    );
  });

  test.each([
    ["an open day without a closing time", week({ 1: { close: null } }), "opening_hours.1.close", "Enter the closing time"],
    [
      "closing before opening",
      week({ 2: { open: "17:00", close: "09:00" } }),
      "opening_hours.2.close",
      "Closing time must be after opening time",
    ],
    ["a time that is not HH:MM", week({ 3: { open: "9am" } }), "opening_hours.3.open", "Enter a time as HH:MM (24-hour), e.g. 09:00"],
    ["25 o'clock", week({ 3: { close: "25:00" } }), "opening_hours.3.close", "Enter a time as HH:MM (24-hour), e.g. 09:00"],
    ["weekday 7", [{ weekday: 7, status: "Closed", open: null, close: null }], "opening_hours.0.weekday", "Weekday is 0 (Sunday) to 6"],
    ["an unknown status", week({ 4: { status: "Maybe" } }), "opening_hours.4.status", "Status is Open, Closed or By Appointment"],
    [
      "a weekday twice",
      [...week(), { weekday: 1, status: "Closed", open: null, close: null }],
      "opening_hours",
      "At most one entry per weekday",
    ],
    [
      "two Mondays in six days",
      [...week().slice(0, 5), { weekday: 1, status: "Closed", open: null, close: null }],
      "opening_hours",
      "Each weekday appears once",
    ],
  ])("%s → %s: %s", (_, opening_hours, path, message) => {
    const r = OpeningHoursUpdateSchema.safeParse({ opening_hours });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toContainEqual([path, message]);
  });

  test.each([
    [
      "a closed holiday",
      { date: "2026-12-25", name: "Christmas Day", status: "Closed", start_hour: null, end_hour: null, location_id: null },
      true,
    ],
    [
      "short hours at one location",
      { date: "2026-12-24", name: null, status: "Open", start_hour: "09:00", end_hour: "12:00", location_id: 10012 },
      true,
    ],
    [
      "an open day without hours",
      { date: "2026-12-24", name: null, status: "Open", start_hour: null, end_hour: null, location_id: null },
      false,
    ],
    [
      "a date that is not a date",
      { date: "2026-13-40", name: null, status: "Closed", start_hour: null, end_hour: null, location_id: null },
      false,
    ],
    ["a negative location", { date: "2026-12-24", name: null, status: "Closed", start_hour: null, end_hour: null, location_id: -3 }, false],
  ])("special hours: %s → valid %s", (_, entry, ok) => {
    expect(SpecialHoursUpdateSchema.safeParse({ special_hours: [entry] }).success).toBe(ok);
  });
});

describe("the website session: the app's types ⇄ the contract", () => {
  test("a location goes out in the platform's shape (hours inside contact_detail) and comes back the same", () => {
    const out = toSessionLocation(location);
    expect(out).toMatchObject({
      primary: false,
      dealership_id: 10012,
      reviews: { count: 120, average_rating: 4.6 },
      contact_detail: { phone: "03 9000 0000", opening_hours: location.openingHours },
    });
    expect(SessionLocationSchema.parse(out)).toEqual(out);
    expect(fromSessionLocation(out)).toEqual(location);
  });

  test("an empty location_type means sales", () => {
    expect(fromSessionLocation({ ...toSessionLocation(location), location_type: "" }).locationType).toBe("sales");
  });

  test("hidden locations are not shown, and the rest keep their order by position", () => {
    const session = toWebsiteSession({
      header: [{ label: "Our Stock", href: "/search/new-used-and-demo-cars" }],
      footer: [{ title: "Find us", links: [{ label: "Call", href: "tel:0390000000" }] }],
      specialHours: [],
      locations: [
        { ...location, id: 3, slug: "c", position: 3 },
        { ...location, id: 1, slug: "a", position: 1, visible: false },
        { ...location, id: 2, slug: "b", position: 2 },
      ],
    });
    expect(WebsiteSessionSchema.parse(session)).toEqual(session);
    expect(fromWebsiteSession(session).locations.map((l) => l.slug)).toEqual(["b", "c"]);
  });

  test.each([
    ["a javascript: link in the navigation", { header: [{ label: "x", href: "javascript:alert(1)" }], footer: [] }],
    ["a protocol-relative link", { header: [{ label: "x", href: "//evil.example" }], footer: [] }],
  ])("the client refuses %s", (_, navigation) => {
    expect(WebsiteSessionSchema.safeParse({ navigation, special_hours: [], locations: [] }).success).toBe(false);
  });

  test("null (no site configured) is a valid answer", () => {
    expect(WebsiteSessionSchema.parse(null)).toBeNull();
  });
});

describe("search slugs and templates", () => {
  const stock = {
    makes: ["Mazda", "Mercedes-Benz"],
    models: [
      { make: "Mazda", model: "CX-5" },
      { make: "Mercedes-Benz", model: "C 300" },
    ],
    bodies: ["SUV", "Hatch"],
  };

  test("each make, make and model, and body becomes a slug with its filters, and back", () => {
    const slugs = toSearchSlugs(stock);
    expect(slugs.search_slugs).toEqual([
      { slug: "mazda", kind: "make", filters: { make: "Mazda" } },
      { slug: "mercedes-benz", kind: "make", filters: { make: "Mercedes-Benz" } },
      { slug: "mazda/cx-5", kind: "model", filters: { make: "Mazda", model: "CX-5" } },
      { slug: "mercedes-benz/c-300", kind: "model", filters: { make: "Mercedes-Benz", model: "C 300" } },
      { slug: "body/suv", kind: "body", filters: { body: "SUV" } },
      { slug: "body/hatch", kind: "body", filters: { body: "Hatch" } },
    ]);
    expect(SearchSlugsSchema.parse(slugs)).toEqual(slugs);
    expect(fromSearchSlugs(slugs)).toEqual(stock);
  });

  test("a site's own template words override the platform's, kind by kind", () => {
    const t = toSearchPageTemplates({ make: { h1: "{make} at {site}" } }).search_page_templates;
    expect(t.make).toEqual({ ...DEFAULT_SEARCH_TEMPLATES.make, h1: "{make} at {site}" });
    expect(t.model).toEqual(DEFAULT_SEARCH_TEMPLATES.model);
    expect(t.body).toEqual(DEFAULT_SEARCH_TEMPLATES.body);
  });
});

describe("the OpenAPI document", () => {
  const doc = platformOpenApi() as {
    openapi: string;
    paths: Record<string, Record<string, { security?: unknown; responses: Record<string, unknown> }>>;
    components: { schemas: Record<string, unknown> };
  };

  test.each([
    ["/api/v1/websites/{siteId}/website_session_data.json", "get", false],
    ["/websites/{siteId}/pages/search_slugs.json", "get", true],
    ["/websites/{siteId}/search_page_templates.json", "get", true],
    ["/api/v1/websites/{siteId}/locations/{locationId}/opening_hours.json", "put", true],
    ["/api/v1/websites/{siteId}/special_hours.json", "put", true],
  ])("%s %s (Basic auth: %s)", (path, method, auth) => {
    const op = doc.paths[path]![method]!;
    expect(Boolean((op.security as unknown[]).length)).toBe(auth);
    expect(Object.keys(op.responses)).toContain("400");
    if (auth) expect(Object.keys(op.responses)).toContain("401");
  });

  test("its schemas are generated from the contract (the session allows null; a location has its platform fields)", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(JSON.stringify(doc.components.schemas.WebsiteSession)).toContain('"null"');
    const loc = doc.components.schemas.SessionLocation as { required: string[] };
    expect(loc.required).toEqual(expect.arrayContaining(["id", "slug", "location_type", "primary", "contact_detail", "address"]));
  });
});
