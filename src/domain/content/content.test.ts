import { describe, expect, test } from "vitest";
import {
  blogBase,
  blogSettings,
  buildModelRange,
  contentPageHref,
  isElectrified,
  liveOffers,
  modelSlug,
  offerState,
  pageHref,
  paginate,
  parsePageParam,
  publishedPosts,
} from "./content";

const NOW = Date.UTC(2026, 10, 22, 12);
const day = 86_400_000;
const at = (d: number) => new Date(NOW + d * day);

describe("offers", () => {
  test.each([
    ["live", at(-5), at(5), "live"],
    ["open-ended", at(-5), null, "live"],
    ["ended yesterday", at(-30), at(-1), "ended"],
    ["ends this very moment", at(-3), new Date(NOW), "live"],
    ["starts tomorrow", at(1), at(10), "upcoming"],
  ] as const)("%s → %s", (_, publishedAt, expiresAt, state) => {
    expect(offerState({ publishedAt, expiresAt }, NOW)).toBe(state);
  });

  test("the list holds live offers only, soonest to end first, open-ended last", () => {
    const o = (title: string, p: number, e: number | null) => ({ title, publishedAt: at(p), expiresAt: e === null ? null : at(e) });
    const list = liveOffers([o("Open", -1, null), o("Ended", -9, -1), o("Late", -1, 20), o("Soon", -1, 2), o("Future", 3, 9)], NOW);
    expect(list.map((x) => x.title)).toEqual(["Soon", "Late", "Open"]);
  });
});

describe("posts and pages of a list", () => {
  test("published posts, newest first; scheduled ones are not out", () => {
    const p = (slug: string, d: number) => ({ slug, publishedAt: at(d) });
    expect(publishedPosts([p("a", -3), p("b", -1), p("c", 2)], NOW).map((x) => x.slug)).toEqual(["b", "a"]);
  });

  test.each([
    [10, 1, 4, { items: [0, 1, 2, 3], page: 1, pages: 3 }],
    [10, 3, 4, { items: [8, 9], page: 3, pages: 3 }],
    [0, 1, 4, { items: [], page: 1, pages: 1 }],
  ])("%i items, page %i of %i a page", (n, page, size, expected) => {
    expect(paginate([...Array(n).keys()], page, size)).toMatchObject(expected);
  });

  test.each([
    [10, 4, 4],
    [10, 0, 4],
    [10, 1.5, 4],
  ])("%i items: page %s does not exist", (n, page, size) => {
    expect(paginate([...Array(n).keys()], page, size)).toBeNull();
  });

  test.each([
    [undefined, 1],
    ["2", 2],
    ["0", null],
    ["-1", null],
    ["1e3", null],
    ["02", null],
    ["__proto__", null],
    ["9999999", null],
  ])("?page=%s → %s", (raw, expected) => {
    expect(parsePageParam(raw)).toBe(expected);
  });

  test.each([
    [undefined, { layout: "grid", count: 6 }],
    [
      { layout: "list", count: 4 },
      { layout: "list", count: 4 },
    ],
    [
      { layout: "carousel" as never, count: 0 },
      { layout: "grid", count: 6 },
    ],
    [{ count: 500 }, { layout: "grid", count: 24 }],
  ])("blogs settings %j → %j", (raw, expected) => {
    expect(blogSettings(raw as Parameters<typeof blogSettings>[0])).toEqual(expected);
  });
});

describe("addresses", () => {
  const plain = { blog_path_news: false, uses_pages_path: false };
  const other = { blog_path_news: true, uses_pages_path: true };
  test.each([
    [plain, "/blog", "/about-us", "/privacy-policy"],
    [other, "/news", "/pages/about-us", "/privacy-policy"],
  ])("%j", (rules, blog, about, privacy) => {
    expect(blogBase(rules)).toBe(blog);
    expect(contentPageHref("about-us", rules)).toBe(about);
    expect(pageHref("about-us", rules)).toBe(about);
    expect(pageHref("privacy-policy", rules)).toBe(privacy);
  });

  test.each([
    ["Mazda", "CX-5", "mazda-cx-5"],
    ["Mercedes-Benz", "A-Class", "mercedes-benz-a-class"],
    ["Škoda", "Octavia", "skoda-octavia"],
  ])("model slug %s %s → %s", (b, m, s) => expect(modelSlug(b, m)).toBe(s));
});

describe("the model range", () => {
  test.each([
    ["Electric", true],
    ["Plug-in Hybrid", true],
    ["Plugin Hybrid", true],
    ["Hybrid", false],
    ["Petrol", false],
    [null, false],
  ])("%s electrified: %s", (fuel, yes) => expect(isElectrified(fuel)).toBe(yes));

  test("per brand in the site's order, the from price is the lowest priced car, models by count", () => {
    const range = buildModelRange(
      [
        { brand: "Mazda", model: "CX-5", carType: "new", fuel: "Petrol", body: "SUV", count: 3, minPrice: 41990 },
        { brand: "Mazda", model: "CX-5", carType: "used", fuel: "Petrol", body: "SUV", count: 2, minPrice: 28990 },
        { brand: "Mazda", model: "MX-5", carType: "new", fuel: "Petrol", body: "convertible", count: 1, minPrice: null },
        { brand: "Suzuki", model: "Swift", carType: "demo", fuel: "Hybrid", body: "hatch", count: 4, minPrice: 24990 },
        { brand: "Mercedes-Benz", model: "EQA", carType: "new", fuel: "Electric", body: "SUV", count: 2, minPrice: 76990 },
      ],
      [
        { name: "Suzuki", slug: "suzuki" },
        { name: "Mazda", slug: "mazda" },
      ],
    );
    expect(range.map((b) => [b.brand, b.count])).toEqual([
      ["Suzuki", 4],
      ["Mazda", 6],
      ["Mercedes-Benz", 2],
    ]);
    const mazda = range[1]!.models;
    expect(mazda.map((m) => [m.slug, m.count, m.fromPrice])).toEqual([
      ["mazda-cx-5", 5, 28990],
      ["mazda-mx-5", 1, null],
    ]);
    expect(mazda[0]!.carTypes).toEqual({ new: 3, demo: 0, used: 2 });
    expect(range[2]!.models[0]!.electrified).toBe(true);
  });
});
