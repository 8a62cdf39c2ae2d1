import { describe, expect, test } from "vitest";
import { isPageTag, isPersonalPage, pageAge, pageTag, tagsToPurge } from "./page-cache";

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
