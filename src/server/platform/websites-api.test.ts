import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { WebsiteSessionSchema } from "@/domain/platform/contract";
import * as t from "@/server/db/schema";
import { getSiteByKey } from "@/server/repositories/sites";
import { deleteRunSites, setupAppDatabase } from "@/server/testing/app-database";
import { callPlatform, TEST_PLATFORM_ADMIN } from "@/server/testing/requests";
import { getWebsiteSession } from "./dashboard-api";
import { getSiteContext } from "@/server/site/context";
import { widgetOriginsFor } from "@/server/site/widget-csp";
import { getWebsite, postDealership, postLocation, postWebsite, putDealership, putLocation, putWebsite } from "./websites-api";

/*
 * Sites and locations from their records through the platform API's handlers, on the
 * app's database (PGlite here, PostgreSQL in CI's data-layer run): defaults per template, 422 per
 * field, 409 for a taken slug or domain, 401 without the administrator's credentials, the draft
 * and publish, and a created site found by its slug and domain at once.
 */
const reader = `Basic ${Buffer.from("test-storefront:test-reader-password").toString("base64")}`;
const run = randomBytes(3).toString("hex"); // this run's sites: PostgreSQL keeps the last run's until afterAll
const slugOf = (s: string) => `${s}-${run}`;
const domainOf = (s: string) => `${s}-${run}.com.au`;

const db = setupAppDatabase({
  after: async () => {
    await deleteRunSites(db, run);
  },
});

const send = callPlatform;
const create = (body: unknown, auth: string | null = TEST_PLATFORM_ADMIN) => send(postWebsite, {}, "POST", body, auth);
const read = (id: number | string) => send(getWebsite, { siteId: `${id}.json` }, "GET");
const change = (id: number | string, body: unknown) => send(putWebsite, { siteId: `${id}.json` }, "PUT", body);
const addLocation = (id: number, body: unknown) => send(postLocation, { siteId: String(id) }, "POST", body);
const changeLocation = (id: number, locationId: number | string, body: unknown) =>
  send(putLocation, { siteId: String(id), locationId: `${locationId}.json` }, "PUT", body);

const start = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  slug: slugOf(name.toLowerCase().replace(/[\W_]+/g, "-")),
  template: "default",
  domain_name: domainOf(name.toLowerCase().replace(/[\W_]+/g, "")),
  ...extra,
});
const geelong = {
  name: "Smith Motors Geelong",
  location_type: "sales",
  contact_detail: { phone: "(03) 5221 0000", email: "sales@smithmotors.com.au" },
  dealer_license_number: "LMCT 12345",
  address: { street: "1 Princes Hwy", city: "Geelong", state: "VIC", postcode: "3220", lat: -38.147, long: 144.36 },
  opening_hours: [
    { weekday: 0, status: "Closed", open: null, close: null },
    { weekday: 1, status: "Open", open: "08:30", close: "17:30" },
  ],
};

describe("POST /api/v1/websites", () => {
  test("a name, a slug, a template and a domain are enough: 201 with the template's defaults, a draft", async () => {
    const res = await create(start("Smith Motors", { template: "campers" }));
    expect(res.status).toBe(201);
    const site = await res.json();
    expect(site.id).toBeGreaterThanOrEqual(2001);
    expect(res.headers.get("location")).toBe(`/api/v1/websites/${site.id}.json`);
    expect(site).toMatchObject({
      slug: slugOf("smith-motors"),
      domain_name: domainOf("smithmotors"),
      url: `https://www.${domainOf("smithmotors")}`,
      country: "AU",
      currency: "AUD",
      timezone: "Australia/Melbourne",
      colours: { primary: "#3d4541", secondary: "#66706a" }, // the campers template's neutral colours, no dealer's
      default_sort: "newest",
      finance_provider: "Manual",
      include_sold_cars_days: 3,
      published: false,
      stock: { count: 0 },
    });
    // every item says where it is fixed; lead delivery and stock hold publishing back; visit reports start on
    expect(site.publish_checklist.filter((c: { done: boolean }) => !c.done).map((c: { key: string }) => c.key)).toEqual([
      "lead_delivery",
      "phone",
      "location",
      "logo",
      "stock",
    ]);
    expect(site.publish_checklist.find((c: { key: string }) => c.key === "phone")).toMatchObject({
      blocks: false,
      fix: { href: `/platform/sites/${site.id}#record`, label: "Add the phone" },
    });
    expect(site.publish_checklist.filter((c: { blocks: boolean }) => c.blocks).map((c: { key: string }) => c.key)).toEqual([
      "lead_delivery",
      "stock",
    ]);
    // a new dealer starts with reports, accounts and the market's lookup with its trade-in value, as its own settings
    for (const flag of ["analytics_events", "garage_enabled", "autograb", "trade_in_valuation"])
      expect([flag, site.features[flag]]).toEqual([flag, { value: true, source: "this site" }]);
    const ctx = (await getSiteContext(site.slug))!;
    expect(ctx.accounts).toEqual({ enabled: true, realm: `site:${site.id}`, garageName: "My Garage" });
    // found at once by its slug and its domain (with or without www.), and in the website session
    expect((await getSiteByKey(db, { by: "slug", slug: site.slug }))?.id).toBe(site.id);
    expect((await getSiteByKey(db, { by: "domain", domain: `www.${site.domain_name}` }))?.id).toBe(site.id);
    const session = await getWebsiteSession(new Request("http://dashboard.localhost/"), {
      params: Promise.resolve({ siteId: String(site.id) }),
    });
    expect(WebsiteSessionSchema.parse(await session.json())).not.toBeNull();
  });

  test("a .nz domain is a New Zealand site; www. and capitals are taken off the domain", async () => {
    const res = await create(start("Kiwi Campers", { domain_name: `WWW.Kiwi-${run}.co.nz` }));
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({
      domain_name: `kiwi-${run}.co.nz`,
      country: "NZ",
      currency: "NZD",
      timezone: "Pacific/Auckland",
    });
  });

  test("409 for a slug or domain another site has (with www. or capitals too), and for a taken id", async () => {
    expect((await create(start("Taken One"))).status).toBe(201);
    const slug = await create(start("Taken One", { domain_name: domainOf("other") }));
    expect(slug.status).toBe(409);
    expect((await slug.json()).errors).toEqual({ slug: `The slug ${slugOf("taken-one")} is another site's` });
    const domain = await create(start("Taken Two", { domain_name: `www.${domainOf("takenone").toUpperCase()}` }));
    expect(domain.status).toBe(409);
    expect((await domain.json()).errors).toEqual({ domain_name: `${domainOf("takenone")} is another site's domain` });
    const id = await create(start("Taken Three", { id: 1001 }));
    expect(id.status).toBe(409);
    expect((await id.json()).errors).toEqual({ id: "Site 1001 already exists" });
  });

  test("a public suffix or a name under no known suffix is no site's domain: 422 on the field", async () => {
    const suffix = await create(start("Suffix Motors", { domain_name: "com.au" }));
    expect(suffix.status).toBe(422);
    expect((await suffix.json()).errors).toEqual({
      domain_name: "com.au is a public suffix, shared by every name under it: enter the dealer's own domain, such as smithmotors.com.au",
    });
    const other = await create(start("Suffix Motors", { domains: ["github.io", "suffix.test"] }));
    expect(other.status).toBe(422);
    expect((await other.json()).errors).toEqual({
      "domains.0":
        "github.io is a public suffix, shared by every name under it: enter the dealer's own domain, such as smithmotors.github.io",
      "domains.1": "Enter a domain under a top-level domain that exists, such as smithmotors.com.au",
    });
    expect(await getSiteByKey(db, { by: "slug", slug: slugOf("suffix-motors") })).toBeNull();
  });

  test("a slug the platform's own hosts use (admin, www, api…) is a 422 on create and on rename", async () => {
    const admin = await create(start("Reserved Motors", { slug: "admin" }));
    expect(admin.status).toBe(422);
    expect((await admin.json()).errors).toEqual({
      slug: "admin is one of the platform's own addresses (admin.localhost): choose another slug, e.g. smith-motors",
    });
    expect(await getSiteByKey(db, { by: "slug", slug: "admin" })).toBeNull();
    const made = await create(start("Reserved Motors"));
    expect(made.status).toBe(201);
    const renamed = await change((await made.json()).id, { slug: "www" });
    expect(renamed.status).toBe(422);
    expect(Object.keys((await renamed.json()).errors)).toEqual(["slug"]);
  });

  test("422 names each bad field; nothing is written", async () => {
    const res = await create({
      name: "",
      slug: "Bad Slug",
      template: "boats",
      domain_name: "https://smith.com.au/path",
      colours: { primary: "red", secondary: "#00ff00" },
      email: "not-an-email",
      url: "http://insecure.example.com",
      features: { garage_enabled: true, teleport: true },
      surprise: 1,
    });
    expect(res.status).toBe(422);
    const { errors } = await res.json();
    expect(errors).toMatchObject({
      name: "Enter the site's name",
      slug: "The slug is 2–63 lower-case letters, digits and single hyphens, e.g. smith-motors",
      template: "The template is one of default, motorcycles, campers, trucks, truck, rv",
      domain_name: "Enter a domain such as smithmotors.com.au (no https:// and no path)",
      "colours.primary": "The brand colour must be a colour as #rrggbb, e.g. #0b3d91",
      email: "Enter an email address such as sales@smithmotors.com.au",
      url: "The site's address must be an https:// address",
      "features.teleport": 'Unknown flag "teleport"',
    });
    expect(errors.surprise).toBe("Unknown field: check its name, or leave it out."); // named, in words
    expect(await getSiteByKey(db, { by: "slug", slug: "bad-slug" })).toBeNull();
  });

  test.each([
    ["no credentials", null],
    ["the storefront reader's credentials", reader],
  ])("401 with %s", async (_, auth) => {
    const res = await create(start("Nobody"), auth);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toMatch(/^Basic /);
  });

  test("415 for a body that is not JSON", async () => {
    const res = await postWebsite(
      new Request("http://dashboard.localhost/api/v1/websites", {
        method: "POST",
        headers: { authorization: TEST_PLATFORM_ADMIN },
        body: "name=x",
      }),
      { params: Promise.resolve({}) },
    );
    expect(res.status).toBe(415);
  });
});

describe("a NUL (or another control character) in a record's text: 422 naming the field, never a 500", () => {
  const dealer = (id: number, body: unknown) => send(postDealership, { siteId: String(id) }, "POST", body);
  test.each([
    ["the site's name", () => create(start("Nul Name", { name: "Audit\u0000Motors" })), "name"],
    ["the group", () => create(start("Nul Group", { dealership_group: "Audit\u0000Group" })), "dealership_group"],
    [
      "a menu label",
      () => create(start("Nul Menu", { navigation: { header: [{ label: "Our\u0000Stock", href: "/search/used-cars" }] } })),
      "navigation.header.0.label",
    ],
    ["a city preset (a tab)", () => create(start("Nul City", { search_filters: { cities: ["Gee\tlong"] } })), "search_filters.cities.0"],
  ])("POST /api/v1/websites with a NUL in %s", async (_, call, field) => {
    const res = await call();
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ [field]: "Please remove unsupported characters." });
  });

  test("PUT site, POST location and dealership: each 422 with the field's message; nothing stored", async () => {
    const site = await (await create(start("Nul Parts"))).json();
    const renamed = await change(site.id, { name: "Audit Motors\u0000" });
    expect(renamed.status).toBe(422);
    expect((await renamed.json()).errors).toEqual({ name: "Please remove unsupported characters." });
    expect((await (await read(site.id)).json()).name).toBe("Nul Parts");
    const location = await addLocation(site.id, {
      ...geelong,
      name: "Gee\u0000long",
      address: { ...geelong.address, street: "1\u0000 Hwy" },
    });
    expect(location.status).toBe(422);
    expect((await location.json()).errors).toEqual({
      name: "Please remove unsupported characters.",
      "address.street": "Please remove unsupported characters.",
    });
    const dealership = await dealer(site.id, { name: "Parkside\u0000Mazda" });
    expect(dealership.status).toBe(422);
    expect((await dealership.json()).errors).toEqual({ name: "Please remove unsupported characters." });
  });
});

describe("a site's other domains", () => {
  test("stored without www.; the site is found by each; no other site may take one, either way", async () => {
    const site = await (
      await create(start("Many Names", { domains: [`WWW.${domainOf("manynames-net")}`, domainOf("manynames-old")] }))
    ).json();
    expect(site.domains).toEqual([domainOf("manynames-net"), domainOf("manynames-old")]);
    expect((await getSiteByKey(db, { by: "domain", domain: `www.${domainOf("manynames-old")}` }))?.id).toBe(site.id);
    const alias = await create(start("Alias Thief", { domain_name: domainOf("manynames-net") }));
    expect(alias.status).toBe(409);
    expect((await alias.json()).errors).toEqual({ domain_name: `${domainOf("manynames-net")} is another site's domain` });
    const main = await create(start("Main Thief", { domains: [domainOf("manynames")] }));
    expect(main.status).toBe(409);
    expect((await main.json()).errors).toEqual({ "domains.0": `${domainOf("manynames")} is another site's domain` });
    const twice = await change(site.id, { domains: [domainOf("x"), domainOf("x")] });
    expect(twice.status).toBe(422);
    expect((await twice.json()).errors).toEqual({ "domains.1": `${domainOf("x")} is listed already` });
    expect((await change(site.id, { domains: [] })).status).toBe(200);
    expect(await getSiteByKey(db, { by: "domain", domain: domainOf("manynames-old") })).toBeNull();
  });
});

describe("GET and PUT /api/v1/websites/{id}.json", () => {
  test("a group's rule gives a new site its flags; the site's own setting wins and says so", async () => {
    const site = await (
      await create(start("Harbour Two", { dealership_group: "Harbour City Automotive", features: { garage_enabled: true } }))
    ).json();
    const res = await read(site.id);
    expect(res.status).toBe(200);
    const { features } = await res.json();
    expect(features.used_wording_pre_owned).toEqual({ value: true, source: expect.stringMatching(/^rule: .*pre-owned/) });
    expect(features.garage_enabled).toEqual({ value: true, source: "this site" });
    expect(features.autobot).toEqual({ value: false, source: "default" });
    // a New Zealand dealer has no lookup provider here: its trade-in form stays plain
    const nz = await (await create(start("Kiwi Cars", { country: "NZ" }))).json();
    expect([nz.features.autograb.value, nz.features.analytics_events.value, nz.features.garage_enabled.value]).toEqual([false, true, true]);
  });

  test("publishing is refused while the site's leads would reach nobody (422 with the reason); nothing is written", async () => {
    const reason = /^Leads would reach nobody: add a lead email to the site or the location/;
    const born = await create(start("Nowhere Motors", { published: true }));
    expect(born.status).toBe(422);
    expect((await born.json()).errors.published).toMatch(reason);
    const site = await (await create(start("Nowhere Motors", { no_stock_yet: true }))).json();
    expect(site.publish_checklist.find((c: { key: string }) => c.key === "lead_delivery").done).toBe(false);
    const refused = await change(site.id, { published: true, phone: "(03) 9000 0001" });
    expect(refused.status).toBe(422);
    const body = await refused.json();
    expect(body.error).toMatch(/^Not published: Leads would reach nobody/);
    expect(body.errors.published).toMatch(reason);
    expect(await (await read(site.id)).json()).toMatchObject({ published: false, phone: null });
    // a location without an email does not help; one with an email does
    const location = await (await addLocation(site.id, { ...geelong, contact_detail: { phone: "(03) 5221 0000" } })).json();
    expect((await change(site.id, { published: true })).status).toBe(422);
    await changeLocation(site.id, location.id, { contact_detail: { phone: "(03) 5221 0000", email: "sales@nowhere.com.au" } });
    expect((await change(site.id, { published: true })).status).toBe(200);
    // or the site's own email; and a published site cannot drop the only one
    const other = await (
      await create(start("Somewhere Motors", { email: "sales@somewhere.com.au", no_stock_yet: true, published: true }))
    ).json();
    expect(other.published).toBe(true);
    const dropped = await change(other.id, { email: null });
    expect(dropped.status).toBe(422);
    expect((await (await read(other.id)).json()).email).toBe("sales@somewhere.com.au");
  });

  test("publishing is held while a location has no hours or the site has no stock, with the reason; a location made without hours opens the usual week", async () => {
    const site = await (await create(start("Unready Motors", { email: "sales@unready.com.au" }))).json();
    const noStock = await change(site.id, { published: true });
    expect(noStock.status).toBe(422);
    expect((await noStock.json()).errors.published).toBe(
      'the site has no car in stock (import stock, or tick "No stock yet" to publish without)',
    );
    expect(site.publish_checklist.find((c: { key: string }) => c.key === "stock")).toMatchObject({ done: false, blocks: true });
    // made through the API without hours: the console's usual week, so nothing holds it back there
    const { opening_hours: _none, ...hourless } = geelong;
    const added = await (await addLocation(site.id, hourless)).json();
    expect(
      added.contact_detail.opening_hours.map((h: { weekday: number; status: string; open: string | null }) => [
        h.weekday,
        h.status,
        h.open,
      ]),
    ).toEqual([
      [0, "Closed", null],
      [1, "Open", "08:30"],
      [2, "Open", "08:30"],
      [3, "Open", "08:30"],
      [4, "Open", "08:30"],
      [5, "Open", "08:30"],
      [6, "Open", "09:00"],
    ]);
    // a location whose hours are cleared holds it back, with the reason
    await changeLocation(site.id, added.id, { opening_hours: [] });
    const hoursless = await change(site.id, { published: true, no_stock_yet: true });
    expect(hoursless.status).toBe(422);
    expect((await hoursless.json()).error).toBe("Not published: every location needs its opening hours (set them under Locations)");
    await changeLocation(site.id, added.id, { opening_hours: geelong.opening_hours });
    expect((await change(site.id, { published: true, no_stock_yet: true })).status).toBe(200);
  });

  test("PUT changes the fields given and keeps the rest; published: true publishes, false takes it down", async () => {
    const site = await (await create(start("Change Me", { email: "sales@changeme.com.au", no_stock_yet: true }))).json();
    const res = await change(site.id, { phone: "(03) 9000 0000", published: true, domain_name: domainOf("changed") });
    expect(res.status).toBe(200);
    const after = await res.json();
    expect(after).toMatchObject({ phone: "(03) 9000 0000", published: true, name: "Change Me", domain_name: domainOf("changed") });
    expect(after.url).toBe(`https://www.${domainOf("changed")}`); // the address follows the domain
    expect((await (await change(site.id, { published: false })).json()).published).toBe(false);
    const audit = await db
      .select({ action: t.auditLog.action })
      .from(t.auditLog)
      .where(inArray(t.auditLog.siteId, [site.id]))
      .orderBy(t.auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(["site.create", "site.publish", "site.unpublish"]);
  });

  test("PUT: 422 for a bad field or another id, 409 for another site's slug, 404 for an unknown site", async () => {
    const site = await (await create(start("Strict One"))).json();
    expect((await change(site.id, { colours: { primary: "#123", secondary: "#000000" } })).status).toBe(422);
    expect(((await (await change(site.id, { id: 1001 })).json()) as { errors: object }).errors).toEqual({
      id: "A site's id cannot change",
    });
    const clash = await change(site.id, { slug: "parkside-motor-group" });
    expect(clash.status).toBe(409);
    expect((await clash.json()).errors).toEqual({ slug: "The slug parkside-motor-group is another site's" });
    expect((await change(999_999, { name: "x" })).status).toBe(404);
  });

  test("the path names a JSON document: 404 without .json, 400 for a bad id, 404 for an unknown one", async () => {
    expect((await send(getWebsite, { siteId: "1001" }, "GET")).status).toBe(404);
    expect((await read("abc")).status).toBe(400);
    expect((await read(999_999)).status).toBe(404);
    expect((await read(1001)).status).toBe(200);
  });
});

describe("POST /api/v1/websites/{id}/locations and PUT …/locations/{locationId}.json", () => {
  test("a location with hours, a logo and no stock yet: the checklist is complete", async () => {
    const site = await (await create(start("Ready Motors"))).json();
    const res = await addLocation(site.id, geelong);
    expect(res.status).toBe(201);
    const location = await res.json();
    expect(location).toMatchObject({
      slug: "smith-motors-geelong",
      location_type: "sales",
      visible: true,
      dealer_license_number: "LMCT 12345",
      address: { full: "1 Princes Hwy, Geelong VIC 3220", state: "VIC" },
    });
    expect(location.contact_detail.opening_hours[1]).toMatchObject({ weekday: 1, formated_hours: "8:30 am - 5:30 pm" });
    // a logo given as an address is not measured: it reads on the header for sure only on a plate
    await change(site.id, { logo: { url: "/images/logo-key" }, no_stock_yet: true });
    const phoneless = await (await read(site.id)).json();
    expect(phoneless.publish_checklist.filter((c: { done: boolean }) => !c.done).map((c: { key: string }) => c.key)).toEqual([
      "phone",
      "logo",
    ]);
    await change(site.id, { phone: "(03) 5221 0000", features: { analytics_events: false } });
    const reportless = await (await read(site.id)).json();
    expect(reportless.publish_checklist.filter((c: { done: boolean }) => !c.done).map((c: { key: string }) => c.key)).toEqual([
      "logo",
      "analytics",
    ]);
    await change(site.id, { logo: { url: "/images/logo-key", plate: "light" }, features: { analytics_events: true } });
    const after = await (await read(site.id)).json();
    expect(after.publish_checklist.every((c: { done: boolean }) => c.done)).toBe(true);
    expect(after.locations.map((l: { id: number }) => l.id)).toEqual([location.id]);

    const moved = await changeLocation(site.id, location.id, { contact_detail: { phone: "(03) 5222 1111" }, visible: false });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toMatchObject({ visible: false, contact_detail: { phone: "(03) 5222 1111" }, name: "Smith Motors Geelong" });
  });

  test.each([
    ["coordinates outside the state", { address: { ...geelong.address, lat: -33.87, long: 151.21 } }, "address.lat", /not in VIC/],
    ["another state's postcode", { address: { ...geelong.address, postcode: "2000" } }, "address.postcode", /2000 is not a VIC postcode/],
    ["no phone", { contact_detail: { email: "a@b.com.au" } }, "contact_detail.phone", /phone/],
    [
      "a closing time before opening",
      { opening_hours: [{ weekday: 1, status: "Open", open: "17:00", close: "09:00" }] },
      "opening_hours.0.close",
      /after/,
    ],
    ["a dealership of another site", { dealership_id: 1 }, "dealership_id", /Not a dealership of this site/],
  ])("422 for %s", async (_, bad, field, message) => {
    const site = await (await create(start(`Bad ${field.replace(/\W/g, "")} ${Object.keys(bad)[0]}`))).json();
    const res = await addLocation(site.id, { ...geelong, ...bad });
    expect(res.status).toBe(422);
    expect((await res.json()).errors[field]).toMatch(message);
  });

  test("no coordinates: placed at the postcode's centre (directions by the street address); a point pasted from the map; a change of address placed again", async () => {
    const site = await (await create(start("Placed Motors"))).json();
    const { lat: _lat, long: _long, ...street } = geelong.address;
    const res = await addLocation(site.id, { ...geelong, address: street });
    expect(res.status).toBe(201);
    const atPostcode = await res.json();
    expect(atPostcode.address).toMatchObject({
      lat: -38.155,
      long: 144.351,
      map_url: "https://www.google.com/maps/dir/?api=1&destination=1%20Princes%20Hwy%2C%20Geelong%20VIC%203220",
    });
    // the website session (storefront pages, near-me distances) carries the placed point
    const record = await (await read(site.id)).json();
    expect(record.locations[0].address).toMatchObject({ lat: -38.155, long: 144.351 });

    const pasted = await addLocation(site.id, {
      ...geelong,
      name: "Smith Motors Geelong West",
      address: { ...street, map_point: "https://www.google.com/maps/@-38.1471,144.3602,17z" },
    });
    expect(pasted.status).toBe(201);
    expect((await pasted.json()).address).toMatchObject({
      lat: -38.1471,
      long: 144.3602,
      map_url: "https://www.google.com/maps/dir/?api=1&destination=-38.1471,144.3602",
    });

    const moved = await changeLocation(site.id, atPostcode.id, {
      address: { ...street, street: "9 Nepean Hwy", city: "Frankston", postcode: "3199" },
    });
    expect(moved.status).toBe(200);
    expect((await moved.json()).address).toMatchObject({ lat: -38.156, long: 145.149, full: "9 Nepean Hwy, Frankston VIC 3199" });
  });

  test.each([
    ["a postcode the data does not know", { postcode: "3999" }, "address.postcode", /no position for postcode 3999/],
    ["a pasted point in another state", { map_point: "-33.87, 151.21" }, "address.map_point", /not in VIC/],
    ["a paste without coordinates", { map_point: "https://maps.app.goo.gl/AbCdEf" }, "address.map_point", /Paste the point from the map/],
    ["a latitude without its longitude", { lat: -38.15 }, "address.long", /both/],
  ])("422 for %s", async (what, extra, field, message) => {
    const site = await (await create(start(`Unplaced ${what}`))).json();
    const { lat: _lat, long: _long, ...street } = geelong.address;
    const res = await addLocation(site.id, { ...geelong, address: { ...street, ...extra } });
    expect(res.status).toBe(422);
    expect((await res.json()).errors[field]).toMatch(message);
  });

  test("a New Zealand location without coordinates: 422 asking for them (no postcode data ships for New Zealand)", async () => {
    const site = await (await create(start("Kiwi Placed", { domain_name: `kiwi-placed-${run}.co.nz` }))).json();
    const christchurch = { street: "1 Main Rd", city: "Christchurch", state: "Canterbury", postcode: "8011" };
    const res = await addLocation(site.id, { ...geelong, address: christchurch });
    expect(res.status).toBe(422);
    expect((await res.json()).errors["address.lat"]).toMatch(/paste the point from the map.*New Zealand/);
    const pasted = await addLocation(site.id, { ...geelong, address: { ...christchurch, map_point: "-43.53, 172.63" } });
    expect(pasted.status).toBe(201);
    expect((await pasted.json()).address).toMatchObject({ lat: -43.53, long: 172.63 });
  });

  test("a location's gmb_profile_id is read back: in the answer, the site's locations and the website session", async () => {
    const site = await (await create(start("Profile Motors"))).json();
    const location = await (await addLocation(site.id, { ...geelong, gmb_profile_id: "gmb-smith-geelong" })).json();
    expect(location.gmb_profile_id).toBe("gmb-smith-geelong");
    const record = await (await read(site.id)).json();
    expect(record.locations[0].gmb_profile_id).toBe("gmb-smith-geelong");
    const cleared = await (await changeLocation(site.id, location.id, { gmb_profile_id: null })).json();
    expect(cleared.gmb_profile_id).toBeNull();
    const answer = await getWebsiteSession(new Request("http://dashboard.localhost/"), { params: Promise.resolve({ siteId: "1001" }) });
    const session = WebsiteSessionSchema.parse(await answer.json());
    expect(session!.locations.some((l) => /^gmb-/.test(String(l.gmb_profile_id)))).toBe(true); // the demo's review profiles
  });

  test("409 for a slug another location of the site has; 404 for an unknown site or location", async () => {
    const site = await (await create(start("Twice Motors"))).json();
    expect((await addLocation(site.id, geelong)).status).toBe(201);
    const twice = await addLocation(site.id, geelong);
    expect(twice.status).toBe(409);
    expect((await twice.json()).errors).toEqual({ slug: "Another location of this site has the slug smith-motors-geelong" });
    expect((await addLocation(999_999, geelong)).status).toBe(404);
    expect((await changeLocation(site.id, 10012, { name: "Not mine" })).status).toBe(404); // parkside's location
    expect((await changeLocation(site.id, "x", { name: "x" })).status).toBe(400);
  });
});

describe("each dealer in its own time zone: the locations' state decides", () => {
  const at = (name: string, street: string, city: string, state: string, postcode: string) => ({
    ...geelong,
    name,
    address: { street, city, state, postcode },
  });
  const capalaba = at("Bayside Capalaba", "1 Old Cleveland Rd", "Capalaba", "QLD", "4157");
  const midland = at("Swan Midland", "1 Great Eastern Hwy", "Midland", "WA", "6056");
  const zoneItem = (site: { publish_checklist: Array<{ key: string; done: boolean; label: string }> }) =>
    site.publish_checklist.find((c) => c.key === "timezone");

  test.each([
    ["Capalaba QLD", capalaba, "Australia/Brisbane"],
    ["Midland WA", midland, "Australia/Perth"],
  ])("a new dealer in %s, made with no time zone, takes its state's from its first location", async (name, location, zone) => {
    const site = await (await create(start(`Zone ${name}`))).json();
    expect(site).toMatchObject({ timezone: "Australia/Melbourne", timezone_from_locations: true });
    const added = await (await addLocation(site.id, location)).json();
    expect(added.timezone).toBe(zone);
    const after = await (await read(site.id)).json();
    expect(after).toMatchObject({ timezone: zone, timezone_from_locations: true });
    expect(zoneItem(after)).toMatchObject({ done: true });
    // the pages count in it: open now, hours, the forms' state
    expect((await getSiteContext(site.slug))!.site.timezone).toBe(zone);
  });

  test("a zone an operator set stays; the site is flagged while its locations are elsewhere; null follows them again", async () => {
    const site = await (await create(start("Zone Set Melbourne", { timezone: "Australia/Melbourne" }))).json();
    expect(site.timezone_from_locations).toBe(false);
    const added = await (await addLocation(site.id, midland)).json();
    expect(added.timezone).toBe("Australia/Perth"); // the location is in its own state's
    const flagged = await (await read(site.id)).json();
    expect(flagged.timezone).toBe("Australia/Melbourne");
    expect(zoneItem(flagged)).toMatchObject({
      done: false,
      blocks: false,
      fix: { href: `/platform/sites/${site.id}#record`, label: "Set the time zone" },
    });
    expect(zoneItem(flagged)!.label).toMatch(/in WA: set the time zone to Australia\/Perth/);
    const followed = await (await change(site.id, { timezone: null })).json();
    expect(followed).toMatchObject({ timezone: "Australia/Perth", timezone_from_locations: true });
    expect(zoneItem(followed)).toMatchObject({ done: true });
    // a location moved to another state moves a following site with it (the primary's decides)
    await changeLocation(site.id, added.id, { address: capalaba.address, primary: true });
    expect((await (await read(site.id)).json()).timezone).toBe("Australia/Brisbane");
  });

  test("a zone given by the record is kept as given, and a location moved changes only its own zone", async () => {
    const site = await (await create(start("Zone Given Perth", { timezone: "Australia/Perth" }))).json();
    const added = await (await addLocation(site.id, midland)).json();
    const moved = await (await changeLocation(site.id, added.id, { address: capalaba.address })).json();
    expect(moved.timezone).toBe("Australia/Brisbane");
    expect((await (await read(site.id)).json()).timezone).toBe("Australia/Perth");
  });
});

describe("POST /api/v1/websites/{id}/dealerships and PUT …/dealerships/{dealershipId}.json", () => {
  test("a franchise added, a location of it, renamed (the location follows), hidden from the site; 409 and 404", async () => {
    const site = await (await create(start("Franchise Motors"))).json();
    const res = await send(postDealership, { siteId: String(site.id) }, "POST", { name: "Franchise Mazda", make: "Mazda" });
    expect(res.status).toBe(201);
    const mazda = await res.json();
    expect(mazda).toMatchObject({ slug: "franchise-mazda", make: "Mazda", visible: true });
    const location = await (await addLocation(site.id, { ...geelong, dealership_id: mazda.id })).json();
    expect(location.dealership_slug).toBe("franchise-mazda");

    const renamed = await send(putDealership, { siteId: String(site.id), dealershipId: `${mazda.id}.json` }, "PUT", {
      slug: "mazda-geelong",
    });
    expect(renamed.status).toBe(200);
    const record = await (await read(site.id)).json();
    expect(record.locations[0].dealership_slug).toBe("mazda-geelong");
    expect(record.dealership_websites).toMatchObject([{ slug: "mazda-geelong", make: "Mazda", location_ids: [location.id] }]);

    const twice = await send(postDealership, { siteId: String(site.id) }, "POST", { name: "Another", slug: "mazda-geelong" });
    expect(twice.status).toBe(409);
    expect((await send(postDealership, { siteId: String(site.id) }, "POST", { make: "Kia" })).status).toBe(422);
    expect((await send(putDealership, { siteId: String(site.id), dealershipId: "10011.json" }, "PUT", { visible: false })).status).toBe(
      404,
    );

    expect(
      (await send(putDealership, { siteId: String(site.id), dealershipId: `${mazda.id}.json` }, "PUT", { visible: false })).status,
    ).toBe(200);
    expect((await getSiteContext(site.slug))!.dealerships).toEqual([]);
  });
});

describe("the site's own menus (navigation)", () => {
  test("a header of its own replaces the built one in the pages and the website session; [] gives it back; a javascript: link is 422", async () => {
    const site = await (await create(start("Menu Motors"))).json();
    const header = [{ label: "Our cars", href: "/search/new-used-and-demo-cars", children: [{ label: "Utes", href: "/search/utes" }] }];
    const res = await change(site.id, { navigation: { header } });
    expect(res.status).toBe(200);
    expect((await res.json()).navigation).toEqual({ header });
    expect((await getSiteContext(site.slug))!.header).toEqual(header);
    const bad = await change(site.id, { navigation: { header: [{ label: "x", href: "javascript:alert(1)" }] } });
    expect(bad.status).toBe(422);
    expect(Object.keys((await bad.json()).errors)).toEqual(["navigation.header.0.href"]);
    await change(site.id, { navigation: { header: [] } });
    expect((await getSiteContext(site.slug))!.header.map((i) => i.label)).toContain("Our Stock");
  });
});

describe("a site's widget and tracking ids (integrations)", () => {
  const page = (slug: string) => ({ method: "GET", url: "/", headers: { host: `${slug}.localhost:3000` } }) as unknown as IncomingMessage;

  test("PUT sets them, GET shows them, a field left out stays, null removes one; the site's CSP follows at once", async () => {
    const site = await (await create(start("Widget Motors"))).json();
    expect(site.integrations).toEqual({});
    expect((await widgetOriginsFor(page(site.slug)))?.script).toEqual([]);

    const set = await change(site.id, {
      integrations: {
        tag_manager_id: "GTM-K7Q2XRM",
        support_chat_id: "q7x2m9ka",
        live_chat: { provider: "livechat", license: "12345678" },
      },
      features: { live_chat: true },
    });
    expect(set.status).toBe(200);
    const ids = { tag_manager_id: "GTM-K7Q2XRM", support_chat_id: "q7x2m9ka", live_chat: { provider: "livechat", license: "12345678" } };
    expect((await set.json()).integrations).toEqual(ids);
    expect((await (await read(site.id)).json()).integrations).toEqual(ids);
    const before = (await widgetOriginsFor(page(site.slug)))!;
    expect(before.script).toEqual([
      "https://www.googletagmanager.com",
      "https://cdn.livechatinc.com",
      "https://widget.intercom.io",
      "https://js.intercomcdn.com",
    ]);
    expect(before.frame).toContain("https://secure.livechatinc.com");

    // another field changes: the ids stay; one removed: its widget's hosts leave the CSP
    expect((await (await change(site.id, { phone: "(03) 9000 0001" })).json()).integrations).toEqual(ids);
    const cleared = await change(site.id, { integrations: { support_chat_id: null, live_chat: null } });
    expect((await cleared.json()).integrations).toEqual({ tag_manager_id: "GTM-K7Q2XRM" });
    const after = (await widgetOriginsFor(page(site.slug)))!;
    expect(after.script).toEqual(["https://www.googletagmanager.com"]);
    expect(after.frame).not.toContain("https://secure.livechatinc.com");
    expect(JSON.stringify(after)).not.toContain("intercom");
  });

  test.each([
    [{ tag_manager_id: "UA-1234-5" }, "integrations.tag_manager_id", "GTM-"],
    [{ facebook_pixel_id: "123" }, "integrations.facebook_pixel_id", "15 or 16 digits"],
    [{ live_chat: { provider: "livechat" } }, "integrations.live_chat.license", "LiveChat licence"],
    [{ chatbot: { website_id: "site-9a", settings: { greeting: "<script>" } } }, "integrations.chatbot.settings.greeting", "< or >"],
    [{ voice_text_id: "x\u0000" }, "integrations.voice_text_id", "Podium"],
    [{ unknown_widget: "x" }, "integrations.unknown_widget", "Unknown field"],
  ])("PUT %j: 422 naming the field, nothing written", async (integrations, field, message) => {
    const site = await (
      await create(start(`Bad Widget ${Object.keys(integrations)[0]}`, { integrations: { analytics_id: "G-3HQ8ZP4T1B" } }))
    ).json();
    const res = await change(site.id, { integrations, phone: "(03) 9000 0002" });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error).toBeTruthy();
    expect(body.errors[field]).toContain(message);
    expect(await (await read(site.id)).json()).toMatchObject({ integrations: { analytics_id: "G-3HQ8ZP4T1B" }, phone: null });
  });
});
