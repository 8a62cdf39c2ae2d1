import { describe, expect, test } from "vitest";
import { parseSearch, SEARCH_PARAMS } from "../stock/search";
import { isPageTag, isPersonalPage, pageAge, pageCacheUrl, pageTag, tagsToPurge } from "./page-cache";

describe("tagsToPurge", () => {
  test.each([
    [{ siteId: 3, scope: "site" } as const, ["site:3"]],
    [{ siteId: 3, scope: "vehicles", vehicleIds: [206] } as const, ["stock:3", "vehicle:3:206"]],
    [{ siteId: 3, scope: "vehicles", vehicleIds: [1, 2, 1] } as const, ["stock:3", "vehicle:3:1", "vehicle:3:2"]],
    [{ siteId: 9, scope: "vehicles", vehicleIds: [] } as const, ["stock:9"]],
  ])("%j purges %j", (change, tags) => {
    expect(tagsToPurge(change)).toEqual(tags);
  });

  test("every tag it writes is one the bus accepts", () => {
    for (const t of [pageTag.site(1), pageTag.stock(2), pageTag.vehicle(3, 4)]) expect(isPageTag(t)).toBe(true);
  });
});

describe("isPageTag", () => {
  test.each(["site:1", "stock:22", "vehicle:3:206"])("%s is a tag", (t) => expect(isPageTag(t)).toBe(true));
  test.each(["", "site:", "site:x", "vehicle:3", "__proto__", "site:1\n", "site:1 stock:2", 5, null, "host:a.localhost"])(
    "%j is not",
    (t) => expect(isPageTag(t)).toBe(false),
  );
});

describe("isPersonalPage", () => {
  test.each([
    ["/my-garage", true],
    ["/my-garage/saved", true],
    ["/checkout/pay?id=1", true],
    ["/checkout/confirmed?order=x", true],
    ["/cars/2026-kgm-rexton-elx-pmg10205/checkout", true],
    ["/cars/2026-kgm-rexton-elx-pmg10205/checkout?x=1", true],
    ["/personalised/finance?t=abc", true],
    ["/reset-password?token=abc", true],
    ["/sign-in", true],
    // a rego looked up by the page is drawn for the shopper who asked (a vendor call; no copy per rego)
    ["/trade-in?rego=ABC123&state=vic", true],
    ["/sell-my-car?state=qld&rego=TRK001", true],
    ["/trade-in", false],
    ["/trade-in?vehicle=a-car", false],
    ["/", false],
    ["/cars/2026-kgm-rexton-elx-pmg10205", false],
    ["/search/new-cars?make=Kia", false],
    ["/checkouts", false],
    ["/finance", false],
    ["/news/my-garage-tips", false],
  ])("%s → %s", (url, personal) => expect(isPersonalPage(url)).toBe(personal));
});

describe("pageAge", () => {
  const o = { freshMs: 300_000, ttlMs: 21_600_000 };
  test.each([
    [0, "fresh"],
    [299_999, "fresh"],
    [300_000, "stale"],
    [21_599_999, "stale"],
    [21_600_000, "expired"],
  ])("stored %i ms ago: %s", (age, state) => expect(pageAge(1_000_000, 1_000_000 + age, o)).toBe(state));

  test("fresh as long as it lives when the fresh window is the whole life", () => {
    expect(pageAge(0, 9_999, { freshMs: 10_000, ttlMs: 10_000 })).toBe("fresh");
    expect(pageAge(0, 10_000, { freshMs: 10_000, ttlMs: 10_000 })).toBe("expired");
  });
});

describe("pageCacheUrl: a page is stored under the parameters it reads, and no others", () => {
  test.each([
    ["/", "/"],
    ["/?gclid=abc", "/"],
    ["/cars/2021-mazda-cx-5-abc?utm_source=fb&utm_campaign=x", "/cars/2021-mazda-cx-5-abc"],
    ["/about-us?fbclid=1&msclkid=2&anything=3", "/about-us"],
    ["/search/used-cars?gclid=1", "/search/used-cars"],
    ["/search/used-cars?make=mazda&gclid=1&utm_medium=cpc", "/search/used-cars?make=mazda"],
    ["/search/used-cars?sort=price_asc&make=mazda&make=bmw", "/search/used-cars?make=mazda&make=bmw&sort=price_asc"],
    ["/search/used-cars?make=bmw&sort=price_asc&make=mazda", "/search/used-cars?make=bmw&make=mazda&sort=price_asc"],
    ["/search/new-and-demo-cars/mazda/cx-5?page=2&wbraid=x", "/search/new-and-demo-cars/mazda/cx-5?page=2"],
    ["/search/used-cars?q=ute+4x4&price_max=30000", "/search/used-cars?price_max=30000&q=ute+4x4"],
    ["/blog?page=2&utm_source=news", "/blog?page=2"],
    ["/news?page=3", "/news?page=3"],
    ["/blog/winter-checklist?page=2", "/blog/winter-checklist"],
    ["/our-locations?postcode=3220&type=service&gclid=1", "/our-locations?postcode=3220&type=service"],
    ["/dealerships?near=-37.8,144.9&dealership=mazda", "/dealerships?dealership=mazda&near=-37.8%2C144.9"],
    ["/contact?vehicle=2021-mazda-abc&location=geelong&utm_source=x", "/contact?location=geelong&vehicle=2021-mazda-abc"],
    ["/pages/book-a-service?location=geelong", "/pages/book-a-service?location=geelong"],
    ["/finance?price=30000&term=60&gclid=1", "/finance?price=30000&term=60"],
    ["/success?category=finance&fbclid=1", "/success?category=finance"],
    // odd input: never throws, and is keyed the same way
    // read as the page reads it (URLSearchParams): a broken UTF-8 sequence is U+FFFD, a lone % stays
    ["/search/used-cars?make=%E0%A4%A&gclid=%zz", "/search/used-cars?make=%EF%BF%BD%25A"],
    ["/search/used-cars?__proto__=1&constructor=2&make=a", "/search/used-cars?make=a"],
    ["/search/used-cars?", "/search/used-cars"],
    ["/search/used-cars?&&=&make", "/search/used-cars?make="],
  ])("%s → %s", (url, key) => expect(pageCacheUrl(url)).toBe(key));
});

test("the search page's parameters are exactly the ones parseSearch reads", () => {
  const read = new Set<string>();
  const params = new Proxy({} as Record<string, string>, {
    get: (_, k) => {
      if (typeof k === "string") read.add(k);
      return undefined;
    },
  });
  parseSearch("used-cars", params, "price_asc");
  expect([...read].sort()).toEqual([...SEARCH_PARAMS].sort());
});

describe("pageCacheUrl: a value the page could not be about keys nothing", () => {
  test.each([
    ["/contact?vehicle=2026-kgm-rexton-elx-pmg10205", "/contact?vehicle=2026-kgm-rexton-elx-pmg10205"],
    ["/contact?vehicle=%3Cscript%3E", "/contact"],
    ["/contact?vehicle=A%20B&location=parkside-mazda", "/contact?location=parkside-mazda"],
    ["/finance?vehicle=x--y&price=20000", "/finance?price=20000"],
    [`/contact?vehicle=${"a".repeat(201)}`, "/contact"],
    ["/contact?location=..%2F", "/contact"],
  ])("%s → %s", (url, key) => expect(pageCacheUrl(url)).toBe(key));
});
