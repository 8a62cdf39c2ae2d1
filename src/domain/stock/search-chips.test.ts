import { describe, expect, test } from "vitest";
import { parseSearch, searchHref, type SearchQuery } from "./search";
import { clearAllHref, quickFilters, searchChips } from "./search-chips";

const q = (params: Record<string, string | string[]>) => parseSearch("new-used-and-demo-cars", params, "relevance");
const chipsOf = (query: SearchQuery, understood: Parameters<typeof searchChips>[1]["understood"] = null) =>
  searchChips(query, {
    href: (change) => searchHref(query, "relevance", change),
    away: { near: undefined, page: 1 },
    usedWord: "Pre-owned",
    locations: [{ slug: "parkside-mazda", name: "Parkside Mazda" }],
    unit: "km",
    understood,
  });

describe("a search's chips", () => {
  test("each filter applied, in order, linking to the search without it", () => {
    const query = q({ car_type: "used", make: "Skoda", body: "SUV", location: "parkside-mazda", price_max: "40000", q: "red" });
    expect(chipsOf(query)).toEqual([
      { label: "Pre-owned", href: "/search/new-used-and-demo-cars/skoda?body=SUV&location=parkside-mazda&price_max=40000&q=red" },
      { label: "Škoda", href: "/search/new-used-and-demo-cars/body/suv?car_type=used&location=parkside-mazda&price_max=40000&q=red" },
      { label: "SUVs", href: "/search/new-used-and-demo-cars/skoda?car_type=used&location=parkside-mazda&price_max=40000&q=red" },
      { label: "Parkside Mazda", href: "/search/new-used-and-demo-cars/skoda?car_type=used&body=SUV&price_max=40000&q=red" },
      { label: "Under $40,000", href: "/search/new-used-and-demo-cars/skoda?car_type=used&body=SUV&location=parkside-mazda&q=red" },
      { label: "“red”", href: "/search/new-used-and-demo-cars/skoda?car_type=used&body=SUV&location=parkside-mazda&price_max=40000" },
    ]);
  });

  test("where the shopper is, literally; the keywords as they were read", () => {
    const query = q({ postcode: "3134", within: "25", q: "red suv mazda" });
    const chips = chipsOf(query, { rest: "mazda", terms: [{ label: "Red", without: "suv mazda" }], withoutRest: "red suv" });
    expect(chips.map((c) => [c.label, c.literal ?? false, c.keyword ?? false])).toEqual([
      ["Near 3134", true, false],
      ["Within 25 km", true, false],
      ["Red", true, true],
      ["“mazda”", false, false],
    ]);
  });

  test("no filters, no chips", () => {
    expect(chipsOf(q({}))).toEqual([]);
  });
});

describe("clear all and quick filters", () => {
  test("clear all keeps the variant and a chosen sort, and drops the distance sort with the place", () => {
    expect(clearAllHref(q({ make: "Mazda", sort: "price-asc", page: "3" }), "relevance")).toBe(
      "/search/new-used-and-demo-cars?sort=price-asc",
    );
    expect(clearAllHref(q({ postcode: "3134", sort: "distance" }), "relevance")).toBe("/search/new-used-and-demo-cars");
  });

  test("a quick filter is current when it is the only one of its kind", () => {
    const query = q({ city: "Ringwood" });
    const href = (change: Partial<SearchQuery>) => searchHref(query, "relevance", change);
    expect(quickFilters(query, { cities: ["Ringwood", "Box Hill"], makes: ["Skoda"] }, href)).toEqual([
      { label: "Ringwood", href: "/search/new-used-and-demo-cars?city=Ringwood", active: true },
      { label: "Box Hill", href: "/search/new-used-and-demo-cars?city=Box+Hill", active: false },
      { label: "Škoda", href: "/search/new-used-and-demo-cars/skoda?city=Ringwood", active: false },
    ]);
  });
});
