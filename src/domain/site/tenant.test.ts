import { describe, expect, test } from "vitest";
import { opensElsewhere, resolveLink, telHref } from "./links";
import {
  pageDestination,
  primaryRedirect,
  resolveTenant,
  SITE_SEGMENT_PATTERN,
  siteAnswersOn,
  siteSegment,
  tenantKeyFromParam,
  tenantKeyToParam,
  tlsHostName,
} from "./tenant";

const D = "parkside-motor-group";

describe("resolveTenant", () => {
  test.each([
    ["www.parksidemotorgroup.com.au", { by: "domain", domain: "parksidemotorgroup.com.au" }],
    ["parksidemotorgroup.com.au", { by: "domain", domain: "parksidemotorgroup.com.au" }],
    ["WWW.ParksideMotorGroup.com.au:443", { by: "domain", domain: "parksidemotorgroup.com.au" }],
    ["tasman-campers.localhost:3000", { by: "slug", slug: "tasman-campers" }],
    ["www.tasman-campers.localhost", { by: "slug", slug: "tasman-campers" }],
    ["localhost:3000", { by: "slug", slug: D }],
    ["127.0.0.1:3000", { by: "slug", slug: D }],
    ["[::1]:3000", { by: "slug", slug: D }],
    ["", { by: "slug", slug: D }],
    [null, { by: "slug", slug: D }],
    ["a.b.localhost", { by: "slug", slug: D }],
    ["unknown-dealer.com", { by: "domain", domain: "unknown-dealer.com" }],
  ])("%s → %o", (host, key) => {
    expect(resolveTenant(host, D)).toEqual(key);
  });

  test.each(["tasman-campers", "parksidemotorgroup.com.au"])("param round trip %s", (v) => {
    const key = tenantKeyFromParam(v);
    expect(tenantKeyToParam(key)).toBe(v);
  });
});

describe("resolveLink", () => {
  const plain = { blog_path_news: false, uses_pages_path: false };
  test.each([
    ["tel:0398765432", plain, "tel:0398765432", true],
    ["mailto:sales@x.com.au", plain, "mailto:sales@x.com.au", true],
    ["https://www.google.com/maps/dir/?api=1&destination=1", plain, "https://www.google.com/maps/dir/?api=1&destination=1", true],
    ["https://maps.google.com/?q=x", plain, "https://maps.google.com/?q=x", true],
    ["/blog", { ...plain, blog_path_news: true }, "/news", false],
    ["/blog/a-post?x=1", { ...plain, blog_path_news: true }, "/news/a-post?x=1", false],
    ["/blog", plain, "/blog", false],
    ["/blogging", { ...plain, blog_path_news: true }, "/blogging", false],
    ["/pages/about-us", plain, "/about-us", false],
    ["/pages/about-us", { ...plain, uses_pages_path: true }, "/pages/about-us", false],
    ["/pages", plain, "/pages", false],
    ["/search/used-cars", plain, "/search/used-cars", false],
  ])("%s with %o → %s (direct %s)", (href, rules, out, direct) => {
    expect(resolveLink(href, rules)).toEqual({ href: out, direct });
  });
});

describe("telHref", () => {
  test.each([
    ["(03) 9870 1000", "AU", "tel:+61398701000"],
    ["+61 3 9870 1000", "AU", "tel:+61398701000"],
    ["03 348 1200", "NZ", "tel:+6433481200"],
    ["(928) 555-0142", "US", "tel:+19285550142"],
  ] as const)("%s (%s) → %s", (phone, country, href) => expect(telHref(phone, country)).toBe(href));
});

test("a tenant key that is not valid percent-encoding is taken as written, never a crash", () => {
  expect(tenantKeyFromParam("%E0%A4")).toEqual({ by: "slug", slug: "%e0%a4" });
});

describe("the names a TLS front door may ask for", () => {
  test.each([
    ["www.parksidemotorgroup.com.au", "www.parksidemotorgroup.com.au"],
    ["WWW.ParksideMotorGroup.com.au.", "www.parksidemotorgroup.com.au"],
    ["xn--bcher-kva.example", "xn--bcher-kva.example"],
    ["localhost", null],
    ["127.0.0.1", null],
    ["example.com:443", null],
    ["*.example.com", null],
    ["-bad.example.com", null],
    ["exa mple.com", null],
    ["a..b.com", null],
    [`${"a".repeat(64)}.com`, null],
    [`${"a.".repeat(127)}com`, null],
    ["ex\u0000ample.com", null],
    ["", null],
    [null, null],
  ])("%j → %j", (raw, name) => {
    expect(tlsHostName(raw)).toBe(name);
  });

  test.each([
    ["parksidemotorgroup.com.au", true],
    ["www.parksidemotorgroup.com.au", true],
    ["shop.parksidemotorgroup.com.au", false],
    ["www.www.parksidemotorgroup.com.au", false],
    ["parksidemotorgroup.com", false],
  ])("parkside answers on %s: %s", (name, answers) => {
    expect(siteAnswersOn({ domainName: "parksidemotorgroup.com.au" }, name)).toBe(answers);
  });
});

describe("a site's other domains", () => {
  const site = {
    domainName: "smithmotors.com.au",
    url: "https://www.smithmotors.com.au",
    domains: ["smithmotors.net.au", "smithgeelong.com.au"],
  };
  test.each([
    ["smithmotors.net.au", true],
    ["www.smithgeelong.com.au", true],
    ["www.smithmotors.com.au", true],
    ["shop.smithmotors.net.au", false],
    ["www.www.smithmotors.net.au", false],
  ])("answers on %s: %s", (name, answers) => expect(siteAnswersOn(site, name)).toBe(answers));

  test.each([
    ["www.smithmotors.net.au", "/cars/mazda-cx-5?x=1", "https://www.smithmotors.com.au/cars/mazda-cx-5?x=1"],
    ["smithgeelong.com.au:443", "/", "https://www.smithmotors.com.au/"],
    ["www.smithmotors.net.au", "//evil.example/x", "https://www.smithmotors.com.au/"],
    ["www.smithmotors.com.au", "/cars", null],
    ["smithmotors.com.au", "/cars", null],
    ["smith-motors.localhost:3000", "/cars", null],
  ])("%s%s → %s", (host, path, to) => expect(primaryRedirect(site, host, path)).toBe(to));
});

describe("opensElsewhere: which links open in a new tab", () => {
  test.each([
    ["https://facebook.com/parkside", true],
    ["https://maps.google.com/?q=Ringwood", true],
    ["tel:+61398701000", false],
    ["mailto:sales@parkside.example", false],
    ["/dealerships", false],
  ])("%s → %s", (href, want) => expect(opensElsewhere(href)).toBe(want));
});

describe("pageDestination: where the server sends a request before Next", () => {
  const A = "admin.localhost";
  test.each([
    ["parkside-motor-group.localhost:3000", "/", { to: "site", segment: "parkside-motor-group" }],
    ["www.parksidemotorgroup.com.au", "/cars/x", { to: "site", segment: "parksidemotorgroup.com.au" }],
    ["localhost:3000", "/search/used-cars", { to: "site", segment: D }],
    ["admin.localhost:3000", "/leads", { to: "admin" }],
    ["admin.localhost", "/", { to: "admin" }],
    // a Host that is no name still reaches the tenant layout's 404, its characters encoded
    ["we/ird?host", "/", { to: "site", segment: "we%2Fird%3Fhost" }],
    ["[2001:db8::1]:3000", "/sites/parkside-motor-group/cars/x", { to: "site", segment: "%5B2001%3Adb8%3A%3A1%5D" }],
    ["sites", "/__proto__", { to: "site", segment: "sites" }],
  ])("%s %s → %o", (host, path, to) => {
    expect(pageDestination(host, path, A, D)).toEqual(to);
  });

  test.each([
    "/api/leads",
    "/api/health",
    "/websites/1.json",
    "/mock/leads",
    "/_next/static/chunks/a.js",
    "/photos/1/a.jpg",
    "/images/demo/a.jpg",
    "/bench/baseline",
    "/widgets/pixel.js",
    "/favicon.ico",
    "/icon.svg",
    "/icons.svg",
  ])("%s is not a page, on a site's host or the back-office's", (path) => {
    expect(pageDestination("parkside-motor-group.localhost", path, A, D)).toBeNull();
    expect(pageDestination(A, path, A, D)).toBeNull();
  });

  test("paths that only start like an excluded one are pages", () => {
    expect(pageDestination("localhost", "/apis", A, D)).toEqual({ to: "site", segment: D });
    expect(pageDestination("localhost", "/images", A, D)).toEqual({ to: "site", segment: D });
  });
});

describe("siteSegment: every key a Host can make is one path segment that next.config.ts's rewrite takes", () => {
  // Next matches the header's value as ^pattern$ with no flags
  const taken = new RegExp(`^${SITE_SEGMENT_PATTERN}$`);
  test.each([
    ["parkside-motor-group", "parkside-motor-group"],
    ["parksidemotorgroup.com.au", "parksidemotorgroup.com.au"],
    ["[2001:db8::1]", "%5B2001%3Adb8%3A%3A1%5D"],
    ["a:b", "a%3Ab"],
    ["bücher.de", "b%C3%BCcher.de"],
    ["it's(a)*~!.com", "it%27s%28a%29%2A%7E%21.com"],
    [".evil.com", "%2Eevil.com"],
    ["..", "%2E."],
    ["", "%2E"],
    ["a/../b?c#d", "a%2F..%2Fb%3Fc%23d"],
  ])("%j → %s", (key, segment) => {
    expect(siteSegment(key)).toBe(segment);
    expect(taken.test(siteSegment(key))).toBe(true);
    // and the layout reads the key it was given back from the segment Next decodes once
    expect(tenantKeyToParam(tenantKeyFromParam(decodeURIComponent(siteSegment(key))))).toBe(key.toLowerCase() || ".");
  });

  test.each(["[2001:db8::1]", "a:b", "x!y.com", ".evil.com", "www..", "ÄÖÜ.com", "host\tname", "%2f.com"])(
    "the key of Host %j is taken by the rewrite",
    (host) => {
      const to = pageDestination(host, "/", "admin.localhost", D);
      expect(to && to.to === "site" && taken.test(to.segment)).toBe(true);
    },
  );
});
