import { describe, expect, test } from "vitest";
import { DEFAULT_FEATURES } from "../site/features";
import { ContentEditSchema, contentFields, contentFormValues, publicContentHref, zonedDayStart } from "./edit";

const base = { kind: "page", slug: "about-us", title: "About us", published_on: "2026-11-20" };

describe("the content form", () => {
  test.each([
    [base, true],
    [{ ...base, slug: "About Us" }, false],
    [{ ...base, slug: "about--us" }, false],
    [{ ...base, title: "" }, false],
    [{ ...base, image: "javascript:alert(1)" }, false],
    [{ ...base, image: "//evil.example/x.png" }, false],
    [{ ...base, image: "/photos/x.jpg" }, true],
    [{ ...base, published_on: "20/11/2026" }, false],
    // a day the calendar does not have is refused, not rolled on to March
    [{ ...base, published_on: "2026-02-30" }, false],
    [{ ...base, kind: "offer", expires_on: "2027-02-29" }, false],
    [{ ...base, kind: "offer", expires_on: "2028-02-29" }, true],
    [{ ...base, price: "1000" }, false],
    [{ ...base, kind: "offer", price: "$45,990", expires_on: "2026-12-31" }, true],
    [{ ...base, kind: "offer", expires_on: "2026-11-19" }, false],
    [{ ...base, kind: "brand" }, false],
    [{ ...base, extra: 1 }, false],
  ])("%j valid: %s", (body, ok) => expect(ContentEditSchema.safeParse(body).success).toBe(ok));

  test("an offer's price is read as whole dollars", () => {
    expect(ContentEditSchema.parse({ ...base, kind: "offer", price: "$45,990" }).price).toBe(45990);
  });
});

describe("the dealer's days", () => {
  test.each([
    ["2026-11-20", "Australia/Melbourne", "2026-11-19T13:00:00.000Z"], // AEDT, +11
    ["2026-07-01", "Australia/Melbourne", "2026-06-30T14:00:00.000Z"], // AEST, +10
    ["2026-10-04", "Australia/Sydney", "2026-10-03T14:00:00.000Z"], // daylight saving starts at 2 am that day
    ["2026-11-20", "Pacific/Auckland", "2026-11-19T11:00:00.000Z"],
    ["2026-11-20", "America/Chicago", "2026-11-20T06:00:00.000Z"],
  ])("%s starts in %s at %s", (day, tz, iso) => expect(zonedDayStart(day, tz).toISOString()).toBe(iso));

  test("published at the start of its day; an offer ends at the end of its last day; the form shows the same days", () => {
    const fields = contentFields(ContentEditSchema.parse({ ...base, kind: "offer", expires_on: "2026-12-31" }), "Australia/Melbourne");
    expect(fields.publishedAt.toISOString()).toBe("2026-11-19T13:00:00.000Z");
    expect(fields.expiresAt!.toISOString()).toBe("2026-12-31T12:59:59.999Z");
    const values = contentFormValues(
      {
        id: 1,
        updatedAt: new Date(),
        ...fields,
        kind: "offer",
        image: null,
        author: null,
        make: null,
        price: null,
        saving: null,
        subscriptionWeekly: null,
        terms: null,
      },
      "Australia/Melbourne",
    );
    expect([values.published_on, values.expires_on]).toEqual(["2026-11-20", "2026-12-31"]);
  });
});

test.each([
  ["page", "about-us", {}, "/about-us"],
  ["page", "about-us", { uses_pages_path: true }, "/pages/about-us"],
  ["page", "privacy-policy", {}, "/privacy-policy"],
  ["post", "hello", {}, "/blog/hello"],
  ["post", "hello", { blog_path_news: true }, "/news/hello"],
  ["offer", "eofy", {}, "/special-offers/eofy"],
] as const)("%s %s with %j lives at %s", (kind, slug, flags, href) => {
  expect(publicContentHref(kind, slug, { ...DEFAULT_FEATURES, ...flags })).toBe(href);
});
