// @vitest-environment happy-dom
import { describe, expect, test } from "vitest";
import { parseSearch, type SearchResult } from "@/domain/stock/search";
import { filtersHtml, type FiltersView } from "./filters-html";
import { SearchFilters } from "./search-filters";

const facets = (make: string, model: string): SearchResult["facets"] => ({
  carType: [{ value: "used", count: 3 }],
  make: [{ value: make, count: 3 }],
  model: [{ value: model, make, count: 3 }],
  body: [],
  fuel: [],
  transmission: [],
  city: [],
  location: [],
});

/** The form's fields as the browser reads them (SearchFilters hands FilterForm its view, drawn by filtersHtml). */
function form(q: string, make = "Mazda", model = "CX-5") {
  const query = parseSearch("new-used-and-demo-cars", { q }, "relevance");
  const result = {
    vehicles: [],
    total: 3,
    page: 1,
    pages: 1,
    pageSize: 36,
    facets: facets(make, model),
    ranges: { price: {}, year: {}, odometer: {} },
    buckets: { price: [], year: [], odometer: [] },
  } as unknown as SearchResult;
  const el = SearchFilters({
    query,
    result,
    locations: [],
    country: "AU",
    distanceLabel: "km",
    usedWord: "used",
    showLocations: false,
    defaultSort: "relevance",
  });
  const div = document.createElement("form");
  div.innerHTML = filtersHtml((el.props as { view: FiltersView }).view);
  return div;
}

describe("the filters as HTML text", () => {
  test("fields, counts and the keyword as typed", () => {
    const f = form("cx-5");
    expect((f.querySelector("input[name=q]") as HTMLInputElement).value).toBe("cx-5");
    const mazda = f.querySelector("input[name=make]") as HTMLInputElement;
    expect([mazda.value, mazda.closest("label")!.textContent]).toEqual(["Mazda", "Mazda (3)"]);
    expect(f.querySelector("fieldset legend")!.textContent).toBe("Condition");
  });
  // the keyword is the shopper's (and a link's) to write; makes and models are the dealer feed's
  test.each(['"><script>alert(1)</script>', "' autofocus onfocus='alert(1)", "<img src=x onerror=alert(1)>"])("%j stays text", (bad) => {
    const f = form(bad, bad, bad);
    expect(f.querySelectorAll("script, img, [onfocus], [onerror]").length).toBe(0);
    expect((f.querySelector("input[name=q]") as HTMLInputElement).value).toBe(bad.trim());
    expect((f.querySelector("input[name=make]") as HTMLInputElement).value).toBe(bad);
    expect((f.querySelector("input[name=model]") as HTMLInputElement).value).toBe(bad);
  });
});
