import { describe, expect, test } from "vitest";
import { addressProblem } from "./location-record";
import { isTimeZone, newSite, publishChecklist, siteChanges, siteDomain, SiteRecordSchema, suggestSlug } from "./site-record";
import { FEATURE_RULES, featureSources } from "../site/features";

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

test.each([
  ["Smith Motors Geelong", "smith-motors-geelong"],
  ["Škoda & Co!", "skoda-co"],
])("suggestSlug(%s) → %s", (name, slug) => expect(suggestSlug(name)).toBe(slug));

test("publishChecklist: each item done by what the site has", () => {
  const bare = {
    locations: [],
    logo: {},
    colours: { primary: "#3a4049" },
    stockCount: 0,
    noStockYet: false,
    leadDelivery: {},
    email: null,
  };
  expect(publishChecklist(bare).filter((c) => c.done)).toEqual([]);
  const ready = publishChecklist({
    ...bare,
    locations: [{ name: "Geelong", openingHours: [{}], contactDetail: { email: "sales@smith.com.au" } }],
    logo: { url: "/images/x", ink: { url: "#ffffff" } },
    noStockYet: true,
  });
  expect(ready.every((c) => c.done)).toBe(true);
  // leads need somewhere to go: no location email, no site email and no extra address is not done
  expect(
    publishChecklist({ ...bare, locations: [{ name: "Geelong", openingHours: [], contactDetail: {} }] }).find(
      (c) => c.key === "lead_delivery",
    )!.done,
  ).toBe(false);
  expect(
    publishChecklist({ ...bare, leadDelivery: { adf_emails: ["crm@smith.com.au"] } }).find((c) => c.key === "lead_delivery")!.done,
  ).toBe(true);
  // the second location's leads would reach nobody: not done (the first's email used to be enough)
  const two = [
    { name: "Geelong", isPrimary: true, openingHours: [{}], contactDetail: { email: "g@smith.com.au" } },
    { name: "Ballarat", openingHours: [{}], contactDetail: {} },
  ];
  expect(publishChecklist({ ...bare, locations: two }).find((c) => c.key === "lead_delivery")!.done).toBe(false);
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
  const bare = { locations: [], colours: { primary }, stockCount: 0, noStockYet: false, leadDelivery: {}, email: null };
  const item = publishChecklist({ ...bare, logo }).find((c) => c.key === "logo")!;
  expect(item).toEqual({ key: "logo", label: "A logo that reads on the header", done });
});
