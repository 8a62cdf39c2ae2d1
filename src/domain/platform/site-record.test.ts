import { describe, expect, test } from "vitest";
import { addressProblem } from "./location-record";
import {
  isTimeZone,
  newSite,
  publishChecklist,
  publishRefusal,
  siteChanges,
  siteDomain,
  SiteRecordSchema,
  suggestSlug,
} from "./site-record";
import { FEATURE_RULES, featureSources, type FeatureRule } from "../site/features";

describe("siteDomain: a public host name, stored without www.", () => {
  test.each([
    ["smithmotors.com.au", "smithmotors.com.au"],
    ["WWW.SmithMotors.com.au", "smithmotors.com.au"],
    ["smith-motors.co.nz.", "smith-motors.co.nz"],
    ["xn--mnchen-3ya.de", "xn--mnchen-3ya.de"],
    ["https://smith.com.au", null],
    ["smith.com.au/path", null],
    ["localhost", null],
    ["smith.localhost", null],
    ["10.0.0.1", null],
    ["*.smith.com.au", null],
    ["www.com", null],
    ["shop.example", null],
    ["a_b.com.au", null],
    ["com.au", null],
    ["www.com.au", null],
    ["co.nz", null],
    ["github.io", null],
    ["smith.test", null],
    ["cars.smithgroup.com.au", "cars.smithgroup.com.au"],
  ])("%s → %s", (raw, want) => expect(siteDomain(raw)).toBe(want));

  test.each([
    ["com.au", "com.au is a public suffix, shared by every name under it: enter the dealer's own domain, such as smithmotors.com.au"],
    ["WWW.CO.NZ", "co.nz is a public suffix, shared by every name under it: enter the dealer's own domain, such as smithmotors.co.nz"],
    ["smith.test", "Enter a domain under a top-level domain that exists, such as smithmotors.com.au"],
    ["smith.com.au/path", "Enter a domain such as smithmotors.com.au (no https:// and no path)"],
  ])("the record's domain %s is refused: %s", (domain_name, message) => {
    const r = SiteRecordSchema.safeParse({ name: "Smith", slug: "smith", template: "default", domain_name });
    expect(r.success).toBe(false);
    expect(r.error?.issues.filter((i) => i.path[0] === "domain_name").map((i) => i.message)).toEqual([message]);
  });
});

describe("addressProblem: coordinates and postcode against the state", () => {
  const geelong = { state: "VIC", postcode: "3220", lat: -38.15, long: 144.36 };
  test.each([
    ["AU", geelong, null],
    ["AU", { ...geelong, state: "vic" }, null],
    ["AU", { ...geelong, lat: 38.15 }, "address.lat"], // the sign forgotten
    ["AU", { ...geelong, lat: -33.87, long: 151.21 }, "address.lat"], // Sydney
    ["AU", { ...geelong, postcode: "2000" }, "address.postcode"],
    ["AU", { ...geelong, postcode: "32200" }, "address.postcode"],
    ["AU", { ...geelong, state: "Victoria" }, "address.state"],
    ["AU", { state: "ACT", postcode: "2600", lat: -35.28, long: 149.13 }, null],
    ["AU", { state: "NT", postcode: "0800", lat: -12.46, long: 130.84 }, null],
    ["AU", { state: "TAS", postcode: "7000", lat: -42.88, long: 147.33 }, null],
    ["NZ", { state: "Canterbury", postcode: "8011", lat: -43.53, long: 172.63 }, null],
    ["NZ", { state: "Canterbury", postcode: "8011", lat: -37.81, long: 144.96 }, "address.lat"],
    ["US", { state: "AZ", postcode: "85004", lat: 33.45, long: -112.07 }, null],
  ] as const)("%s %o → %s", (country, a, field) => expect(addressProblem(country, a)?.field ?? null).toBe(field));
});

describe("newSite: what the template and country give a record that names only the essentials", () => {
  const record = (template: string, domain = "smith.com.au") =>
    SiteRecordSchema.parse({ name: "Smith", slug: "smith", template, domain_name: domain });
  test.each([
    ["default", "smith.com.au", { colours: { primary: "#3a4049", secondary: "#5c6670" }, defaultSort: "relevance", country: "AU" }],
    ["motorcycles", "smith.com.au", { colours: { primary: "#2b2b2b", secondary: "#5a5a5a" }, defaultSort: "relevance" }],
    ["campers", "smith.co.nz", { defaultSort: "newest", country: "NZ", currency: "NZD", timezone: "Pacific/Auckland" }],
    ["rv", "smith.com.au", { defaultSort: "newest", url: "https://www.smith.com.au", published: false, financeProvider: "Manual" }],
  ])("%s on %s", (template, domain, want) => expect(newSite(record(template, domain))).toMatchObject(want));

  // a new dealer starts with reports, accounts (and so alerts) on, and its market's lookups with the trade-in value
  // and its marketing box unticked (the shopper ticks it to agree)
  const on = { analytics_events: true, garage_enabled: true, opt_in_ticked: false };
  test.each([
    ["an AU dealer", {}, [], { ...on, autograb: true, trade_in_valuation: true }],
    ["a NZ dealer: no lookup provider there", { domain_name: "smith.co.nz" }, [], on],
    ["a US dealer: no lookup provider there", { country: "US" }, [], on],
    [
      "the record's own flags win",
      { features: { garage_enabled: false, blog: true } },
      [],
      { ...on, garage_enabled: false, blog: true, autograb: true, trade_in_valuation: true },
    ],
    [
      "null leaves a flag to the rules and defaults",
      { features: { analytics_events: null } },
      [],
      { garage_enabled: true, opt_in_ticked: false, autograb: true, trade_in_valuation: true },
    ],
    [
      "a matching rule keeps deciding the flags it sets",
      { dealership_group: "Kappa Group" },
      [{ why: "Kappa's sites", match: { group: "Kappa Group" }, set: { garage_enabled: false, autograb: false, redbook: true } }],
      { analytics_events: true, opt_in_ticked: false, trade_in_valuation: true },
    ],
    [
      "a rule that does not match changes nothing",
      { dealership_group: "Other Group" },
      [{ why: "Kappa's sites", match: { group: "Kappa Group" }, set: { garage_enabled: false } }],
      { ...on, autograb: true, trade_in_valuation: true },
    ],
  ] as const)("the flags of %s", (_why, extra, rules, want) => {
    const r = SiteRecordSchema.parse({ name: "Smith", slug: "smith", template: "default", domain_name: "smith.com.au", ...extra });
    expect(newSite(r, rules as unknown as FeatureRule[], ["autograb", "redbook", "nevdis"]).features).toEqual(want);
  });

  // the lookups are those the platform has: a provider without its key in production is not offered
  test.each([
    ["every provider", ["autograb", "redbook", "nevdis"], { autograb: true, trade_in_valuation: true }],
    ["Redbook only", ["redbook"], { redbook: true, trade_in_valuation: true }],
    ["the national register only: a lookup, no figure", ["nevdis"], { nevdis: true }],
    ["none set up", [], {}],
  ] as const)("an AU dealer's lookups with %s", (_why, lookups, want) => {
    const r = SiteRecordSchema.parse({ name: "Smith", slug: "smith", template: "default", domain_name: "smith.com.au" });
    expect(newSite(r, [], lookups).features).toEqual({ ...on, ...want });
  });
});

test("siteChanges: only what the change names; the address follows a new domain unless it was set by hand", () => {
  const current = { domainName: "smith.com.au", url: "https://www.smith.com.au", features: { garage_enabled: true }, integrations: {} };
  expect(siteChanges(current, { domain_name: "smith.net.au" })).toEqual({ domainName: "smith.net.au", url: "https://www.smith.net.au" });
  expect(siteChanges({ ...current, url: "https://shop.smith.com.au" }, { domain_name: "smith.net.au" })).toEqual({
    domainName: "smith.net.au",
  });
  // null gives a flag back to the rules; the others stay
  expect(siteChanges(current, { features: { garage_enabled: null, reviews: true } })).toEqual({ features: { reviews: true } });
});

test.each([
  ["Australia/Perth", true],
  ["Pacific/Auckland", true],
  ["America/Argentina/Buenos_Aires", true],
  ["Mars/Olympus", false],
  ["UTC; DROP", false],
])("isTimeZone(%s) → %s", (tz, ok) => expect(isTimeZone(tz)).toBe(ok));

test.each(["admin", "www", "api", "localhost", "platform"])("the slug %s names one of the platform's own hosts: refused", (slug) => {
  const r = SiteRecordSchema.safeParse({ name: "Smith Motors", slug, template: "default", domain_name: "smithmotors.com.au" });
  expect(r.success).toBe(false);
  expect(r.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
    ["slug", `${slug} is one of the platform's own addresses (${slug}.localhost): choose another slug, e.g. smith-motors`],
  ]);
});

test.each([
  ["Smith Motors Geelong", "smith-motors-geelong"],
  ["Škoda & Co!", "skoda-co"],
])("suggestSlug(%s) → %s", (name, slug) => expect(suggestSlug(name)).toBe(slug));

type Checklist = Parameters<typeof publishChecklist>[0];
describe("publishChecklist: each item done by what the site has, with where it is fixed", () => {
  const geelong = { name: "Geelong", openingHours: [{}], contactDetail: { email: "sales@smith.com.au" } };
  const bare = {
    siteId: 42,
    locations: [],
    logo: {},
    colours: { primary: "#3a4049" },
    phone: null,
    stockCount: 0,
    noStockYet: false,
    leadDelivery: {},
    email: null,
    features: { analytics_events: false },
  };
  const ready = {
    ...bare,
    locations: [geelong],
    logo: { url: "/images/x", ink: { url: "#ffffff" } },
    phone: "03 5222 1000",
    noStockYet: true,
    features: { analytics_events: true },
  };
  const done = (s: Checklist) =>
    publishChecklist(s)
      .filter((c) => c.done)
      .map((c) => c.key);

  test("a bare site has nothing done; a ready one everything, in the order the console lists", () => {
    expect(done(bare)).toEqual([]);
    expect(done(ready)).toEqual(["lead_delivery", "phone", "location", "logo", "stock", "analytics"]);
  });

  test.each([
    ["no phone", { phone: null }, "phone"],
    ["a blank phone", { phone: "  " }, "phone"],
    ["no location (leads to the site's email)", { locations: [], email: "sales@smith.com.au" }, "location"],
    ["a location without hours", { locations: [{ ...geelong, openingHours: [] }] }, "location"],
    ["no logo", { logo: {} }, "logo"],
    ["a dark logo on the dark grey header", { logo: { url: "/images/x", ink: { url: "#1a1a1a" } } }, "logo"],
    ["a logo given as an address (not measured), on no plate", { logo: { url: "/images/x" } }, "logo"],
    ["no car, no tick", { noStockYet: false, stockCount: 0 }, "stock"],
    ["visit reports off", { features: { analytics_events: false } }, "analytics"],
    // leads need somewhere to go: a location without an email, no site email and no extra address
    ["leads reach nobody", { locations: [{ ...geelong, contactDetail: {} }] }, "lead_delivery"],
    // the second location's leads would reach nobody (the first's email is not enough)
    [
      "a second location without an address",
      {
        locations: [
          { ...geelong, isPrimary: true },
          { ...geelong, name: "Ballarat", contactDetail: {} },
        ],
      },
      "lead_delivery",
    ],
  ] satisfies Array<[string, Partial<Checklist>, string]>)("%s: only %s is missing", (_why, change, key) => {
    expect(
      publishChecklist({ ...ready, ...change })
        .filter((c) => !c.done)
        .map((c) => c.key),
    ).toEqual([key]);
  });

  test.each([
    ["a car in stock", { stockCount: 1, noStockYet: false }, "stock"],
    ["an extra address for the leads, no location", { locations: [], leadDelivery: { adf_emails: ["crm@smith.com.au"] } }, "lead_delivery"],
    ["the site's own email", { email: "sales@smith.com.au" }, "lead_delivery"],
  ] satisfies Array<[string, Partial<Checklist>, string]>)("%s: %s is done", (_why, change, key) => {
    expect(publishChecklist({ ...bare, ...change }).find((c) => c.key === key)!.done).toBe(true);
  });

  test.each([
    ["lead_delivery", true, "/platform/sites/42#delivery", "Set lead delivery"],
    ["phone", false, "/platform/sites/42#record", "Add the phone"],
    ["location", false, "/platform/sites/42#locations", "Add a location"],
    ["logo", false, "/platform/sites/42#logo", "Upload the logo, or put it on a plate"],
    ["stock", true, "/sites/42/stock/import", "Import stock"],
    ["analytics", false, "/platform/sites/42#switches", "Turn on visit reports"],
  ])("%s: blocks publishing %s, fixed at %s", (key, blocks, href, label) => {
    expect(publishChecklist(bare).find((c) => c.key === key)).toMatchObject({ blocks, fix: { href, label } });
  });

  test("with a location but no hours, the fix says to set the hours, and publishing waits for them", () => {
    const c = publishChecklist({ ...bare, locations: [{ ...geelong, openingHours: [] }] }).find((i) => i.key === "location")!;
    expect(c.fix.label).toBe("Set the hours");
    expect(c.blocks).toBe(true);
  });

  test.each([
    ["ready", {}, null],
    ["no stock", { noStockYet: false, stockCount: 0 }, /no car in stock/],
    ["a location without hours", { locations: [{ ...geelong, openingHours: [] }] }, /every location needs its opening hours/],
    ["no location at all (the leads go to the site's email)", { locations: [], email: "sales@smith.com.au" }, null],
  ] satisfies Array<[string, Partial<Checklist>, RegExp | null]>)("publishRefusal: %s", (_why, change, reason) => {
    const why = publishRefusal(publishChecklist({ ...ready, ...change }));
    if (reason) expect(why).toMatch(reason);
    else expect(why).toBeNull();
  });
});

test("featureSources: default, a rule (with its reason), the site's own, and pre-approval off without a finance provider", () => {
  const site = {
    id: 9,
    slug: "s",
    name: "S",
    dealershipGroup: "Harbour City Automotive",
    manufacturer: null,
    features: { reviews: true, finance_pre_approval: true },
    financeProvider: null,
  };
  const f = featureSources(site, FEATURE_RULES);
  expect(f.autobot).toEqual({ value: false, source: "default" });
  expect(f.reviews).toEqual({ value: true, source: "this site" });
  expect(f.used_wording_pre_owned.source).toMatch(/^rule: /);
  expect(f.finance_pre_approval).toEqual({ value: false, source: "no finance provider" });
});

test.each([
  // [logo, header colour, done]: a logo that reads on the header (3:1), or one on a plate
  [{}, "#0b3d91", false],
  [{ url: "/images/x", ink: { url: "#ffffff" } }, "#0b3d91", true],
  [{ url: "/images/x", ink: { url: "#1a1a1a" } }, "#0b3d91", false], // a dark logo on dark blue: nearly invisible
  [{ url: "/images/x", ink: { url: "#1a1a1a" }, plate: "light" as const }, "#0b3d91", true],
  [{ url: "/images/x", ink: { url: "#1a1a1a" }, plate: "dark" as const }, "#0b3d91", false], // the wrong plate does not help
  [{ url: "/images/x", ink: { url: null } }, "#0b3d91", true], // no transparency: it carries its own background
  [{ url: "/images/x" }, "#0b3d91", false], // not measured (an address given through the API): only a plate makes it sure
  [{ url: "/images/x", plate: "light" as const }, "#0b3d91", true],
  [{ url: "/images/x", thumb: "/images/y", ink: { url: "#ffffff", thumb: "#0a3a8a" } }, "#0b3d91", false], // the phone's small logo counts too
])("the checklist's logo item: %j on %s → %s", (logo, primary, done) => {
  const bare = {
    siteId: 42,
    locations: [],
    colours: { primary },
    phone: null,
    stockCount: 0,
    noStockYet: false,
    leadDelivery: {},
    email: null,
    features: { analytics_events: false },
  };
  const item = publishChecklist({ ...bare, logo }).find((c) => c.key === "logo")!;
  expect(item).toMatchObject({ key: "logo", label: "A logo that reads on the header", done });
});
