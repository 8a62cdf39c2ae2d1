// @vitest-environment happy-dom
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import type { SiteSummary } from "@/domain/reports/group";
import { BarTable, CarTable, FunnelTable, GroupSitesTable, PriceChangeTable, ResponseTable } from "./report-tables";

const parse = (el: React.ReactElement) => new DOMParser().parseFromString(`<body>${renderToStaticMarkup(el)}</body>`, "text/html");
const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((e) => e.textContent);

describe("the reports' tables", () => {
  test("a bar table: the rows' names, a bar left out on a phone, this period, before and the change", () => {
    const doc = parse(
      <BarTable
        id="by-source"
        caption="Leads by source"
        unit="Source"
        empty="No leads."
        rows={[
          { key: "google", label: "Google", now: 4, before: 2 },
          { key: "direct", label: "Direct", now: 0, before: 1 },
        ]}
      />,
    );
    expect(doc.querySelector("[data-testid=by-source-table] caption")!.textContent).toBe("Leads by source");
    expect(texts(doc, "thead th")).toEqual(["Source", "Bar", "This period", "Before", "Change"]);
    expect(texts(doc, "tbody th[scope=row]")).toEqual(["Google", "Direct"]);
    expect(doc.querySelectorAll("tbody td[data-phone=hidden] svg")).toHaveLength(2);
    expect(texts(doc, "tbody tr:first-child td[data-label='This period']")).toEqual(["4"]);
  });

  test("a bar table of nothing but zeros says so instead", () => {
    const doc = parse(
      <BarTable id="by-source" caption="c" unit="Source" empty="No leads." rows={[{ key: "a", label: "A", now: 0, before: 0 }]} />,
    );
    expect(doc.querySelector("table")).toBeNull();
    expect(doc.querySelector("[data-testid=by-source-empty]")!.textContent).toBe("No leads.");
  });

  test("the funnel: each step's share of all visits and of the step before (none for the first)", () => {
    const doc = parse(
      <FunnelTable
        steps={[
          { key: "visits", label: "Visits", now: 200, before: 100 },
          { key: "vehicle", label: "Opened a vehicle page", now: 50, before: 40 },
        ]}
      />,
    );
    expect(texts(doc, "td[data-label='Of the step before']")).toEqual(["–", "25.0%"]);
    expect(texts(doc, "td[data-label='Of all visits']")).toEqual(["100.0%", "25.0%"]);
  });

  test.each([
    [
      "ResponseTable",
      <ResponseTable key="r" id="by-person" caption="c" unit="Salesperson" rows={[]} />,
      "No lead was contacted in this period.",
    ],
    ["PriceChangeTable", <PriceChangeTable key="p" changes={[]} siteId={1} />, "No price changed in this period."],
  ])("%s with no rows says so", (_, el, text) => {
    const doc = parse(el);
    expect(doc.querySelector("table")).toBeNull();
    expect(doc.body.textContent).toBe(text);
  });

  test("a car table links each car to its page in the back-office", () => {
    const doc = parse(
      <CarTable id="top" caption="Most viewed" siteId={7} cars={[{ id: 3, title: "2020 Corolla", views: 1200, enquiries: 2, days: 9 }]} />,
    );
    const link = doc.querySelector("tbody th a")!;
    expect([link.getAttribute("href"), link.textContent]).toEqual(["/sites/7/stock/3", "2020 Corolla"]);
    expect(texts(doc, "tbody td")).toEqual(["1,200", "2", "9"]);
  });

  test("the group's sites: one row a site, and a total row summing them", () => {
    const site = (id: number, name: string, leads: number, listed: number): SiteSummary => ({
      id,
      name,
      leads,
      leadsBefore: leads,
      visits: 10,
      visitsBefore: 10,
      enquiryVisits: 1,
      enquiryVisitsBefore: 1,
      late: id === 1 ? 2 : 0,
      median: null,
      target: 60,
      listed,
      noPhotos: 1,
      noPrice: 0,
    });
    const doc = parse(
      <GroupSitesTable
        sites={[site(1, "Parkside", 5, 40), site(2, "Tasman", 3, 12)]}
        total={{ leads: 8, previous: 8, visits: 20, enquiryVisits: 2, late: 2 }}
        query="preset=30d&by=day"
      />,
    );
    expect(texts(doc, "tbody th")).toEqual(["Parkside", "Tasman"]);
    expect(doc.querySelector("tbody th a")!.getAttribute("href")).toBe("/sites/1/reports?preset=30d&by=day");
    expect(texts(doc, "tfoot th, tfoot td")).toEqual(["All sites", "8", "no change", "20", "10.0%", "2", "", "52", "2"]);
    // a site past its target is shown in red, with the target for a screen reader
    const late = doc.querySelectorAll("td[data-label='Contacted late']");
    expect(late[0]!.classList.contains("text-red-800")).toBe(true);
    expect(late[1]!.classList.contains("text-red-800")).toBe(false);
    expect(late[0]!.textContent).toMatch(/^2 past /);
  });
});
