import { describe, expect, test } from "vitest";
import { referrerHost, sourceOf } from "./source";

const own = ["https://www.parksidemotorgroup.com.au", "parkside-motor-group.localhost:3000"];

describe("sourceOf: where a visit or lead came from", () => {
  test.each([
    ["a Google Ads click", { gclid: "abc" }, null, "paid-search", "google (gclid)"],
    [
      "a Google Ads click, tagged too",
      { gclid: "abc", utm_source: "google", utm_medium: "cpc", utm_campaign: "spring" },
      null,
      "paid-search",
      "google / cpc / spring",
    ],
    ["a Meta ad click", { fbclid: "x" }, "https://l.facebook.com/", "paid-social", "facebook (fbclid)"],
    ["utm cpc", { utm_source: "bing", utm_medium: "cpc" }, null, "paid-search", "bing / cpc"],
    ["utm paid social", { utm_source: "facebook", utm_medium: "paid" }, null, "paid-social", "facebook / paid"],
    [
      "utm paid_social medium",
      { utm_source: "newsletter-partner", utm_medium: "paid_social" },
      null,
      "paid-social",
      "newsletter-partner / paid_social",
    ],
    [
      "an email campaign",
      { utm_source: "newsletter", utm_medium: "email", utm_campaign: "nov" },
      null,
      "campaign",
      "newsletter / email / nov",
    ],
    ["Google search", {}, "https://www.google.com.au/", "organic", "google.com.au"],
    ["Bing search", {}, "https://www.bing.com/search", "organic", "bing.com"],
    ["DuckDuckGo", {}, "duckduckgo.com", "organic", "duckduckgo.com"],
    ["a link on another site", {}, "https://www.carsales.com.au/some/page?q=1", "referral", "carsales.com.au"],
    ["the site itself", {}, "https://www.parksidemotorgroup.com.au/search", "direct", null],
    ["the local demo host", {}, "http://parkside-motor-group.localhost:3000/", "direct", null],
    ["typed in", {}, "", "direct", null],
    ["junk referrer", {}, "javascript:alert(1)", "direct", null],
    ["a parameter that is not text", { gclid: 42, utm_source: ["x"] }, null, "direct", null],
  ] as const)("%s", (_, params, referrer, channel, detail) =>
    expect(sourceOf({ params, referrer, ownHosts: own })).toEqual({ channel, detail }),
  );

  test.each([
    ["https://www.google.com/", "google.com"],
    ["HTTP://WWW.EXAMPLE.COM:8080/x", "example.com"],
    ["example.org", "example.org"],
    ["localhost", null],
    ["", null],
    [null, null],
    ["%%%", null],
  ])("referrerHost(%j) → %j", (raw, want) => expect(referrerHost(raw)).toBe(want));
});
