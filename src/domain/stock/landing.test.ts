import { describe, expect, test } from "vitest";
import { fillTemplate, landingHref, landingSegments, landingWords, parseLanding, searchPageTemplates } from "./landing";
import { parseSearch, searchHref } from "./search";

const stock = {
  makes: ["Mazda", "Mercedes-Benz", "Skoda"],
  models: [
    { make: "Mazda", model: "CX-5" },
    { make: "Mazda", model: "Mazda3" },
    { make: "Mercedes-Benz", model: "A-Class" },
  ],
  bodies: ["SUV", "hatch", "Cab Chassis"],
};
const q = (params: Record<string, string | string[]>, variant: "used-cars" | "new-used-and-demo-cars" = "used-cars") =>
  parseSearch(variant, params, "relevance");

describe("landing pages", () => {
  test.each([
    [{ make: "Mazda" }, "/search/used-cars/mazda"],
    [{ make: "Mazda", model: "CX-5" }, "/search/used-cars/mazda/cx-5"],
    [{ make: "Mercedes-Benz", sort: "price-asc" }, "/search/used-cars/mercedes-benz?sort=price-asc"],
    [{ body: "SUV" }, "/search/used-cars/body/suv"],
    [{ make: "Mazda", body: "SUV", page: "2" }, "/search/used-cars/mazda?body=SUV&page=2"],
    [{ make: ["Mazda", "Skoda"] }, "/search/used-cars?make=Mazda&make=Skoda"],
    [{ make: "Mazda", model: ["CX-5", "Mazda3"] }, "/search/used-cars?make=Mazda&model=CX-5&model=Mazda3"],
    [{ model: "CX-5" }, "/search/used-cars?model=CX-5"],
    [{ body: ["SUV", "hatch"] }, "/search/used-cars?body=SUV&body=hatch"],
    [{}, "/search/used-cars"],
  ])("%j → %s", (params, href) => {
    expect(searchHref(q(params), "relevance")).toBe(href);
  });

  test.each([
    [["mazda"], { make: "Mazda" }],
    [["mazda", "cx-5"], { make: "Mazda", model: "CX-5" }],
    [["mercedes-benz", "a-class"], { make: "Mercedes-Benz", model: "A-Class" }],
    [["body", "cab-chassis"], { body: "Cab Chassis" }],
    [["skoda"], { make: "Skoda" }],
  ])("%j names %j", (segments, facets) => {
    expect(parseLanding(segments, stock)).toEqual(facets);
  });

  test.each([
    [["kia"]],
    [["mazda", "a-class"]],
    [["body"]],
    [["body", "van"]],
    [["mazda", "cx-5", "x"]],
    [[]],
    [["__proto__"]],
    [["constructor"]],
  ])("%j is not a landing page of this site", (segments) => expect(parseLanding(segments, stock)).toBeNull());

  test("the path and its filters go round: href → segments → facets", () => {
    for (const params of [{ make: "Mazda" }, { make: "Mazda", model: "CX-5" }, { body: "Cab Chassis" }] as Array<Record<string, string>>) {
      const seg = landingSegments(q(params))!.segments;
      expect(parseLanding(seg, stock)).toEqual(params);
    }
  });

  test.each([
    ["/search/used-cars", "make=Mazda&price_max=30000", "/search/used-cars/mazda?price_max=30000"],
    ["/search/used-cars", "make=Mazda&model=CX-5", "/search/used-cars/mazda/cx-5"],
    ["/search/used-cars", "body=SUV", "/search/used-cars/body/suv"],
    ["/search/used-cars", "make=Mazda&make=Kia", "/search/used-cars?make=Mazda&make=Kia"],
    ["/search/used-cars", "", "/search/used-cars"],
  ])("the filter form on %s with %s goes to %s", (action, qs, expected) => {
    expect(landingHref(action, new URLSearchParams(qs))).toBe(expected);
  });

  test("templates: the site's own wins, the platform's fills the rest; unknown placeholders are left out", () => {
    const words = { conditions: "Used", nouns: "Cars", make: "Mazda", site: "Parkside Motor Group", city: "Ringwood", count: 12 };
    expect(landingWords({ make: "Mazda" }, {}, words)).toEqual({
      h1: "Used Mazda Cars",
      title: "Used Mazda Cars for sale in Ringwood",
      description:
        "12 used Mazda cars for sale at Parkside Motor Group in Ringwood. Compare prices, photos and features, and enquire online.",
    });
    expect(landingWords({ make: "Mazda" }, { make: { h1: "{make} {nouns} in {city}" } }, words).h1).toBe("Mazda Cars in Ringwood");
    expect(fillTemplate("{make} {__proto__} {constructor}  {model}", words)).toBe("Mazda");
  });
});

describe("stored templates", () => {
  test.each([
    [null, {}],
    ["text", {}],
    [{ make: { h1: "{make}!", title: 5, extra: "x" }, __proto__: { h1: "x" } }, { make: { h1: "{make}!" } }],
    [{ body: { description: "  " }, model: "nope" }, { body: {} }],
    [{ make: { h1: "x".repeat(400) } }, { make: { h1: "x".repeat(300) } }],
  ])("%j is read as %j", (raw, expected) => {
    expect(searchPageTemplates(raw)).toEqual(expected);
  });
});
