import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import { groupCsv, groupReport, isGroupCsv, sumCounts, sumSeries, type SiteReportPart } from "./group";
import type { Count } from "./report";

const c = (key: string, now: number, before = 0): Count => ({ key, label: key.toUpperCase(), now, before });

describe("sumCounts: several sites' counts, summed by key", () => {
  test.each([
    ["nothing", [], false, []],
    ["one list kept as it is", [[c("b", 1), c("a", 5)]], false, [c("b", 1), c("a", 5)]],
    ["shared keys summed, first-met order", [[c("x", 1, 2)], [c("y", 3), c("x", 4, 1)]], false, [c("x", 5, 3), c("y", 3)]],
    ["ranked: largest first", [[c("x", 1, 2)], [c("y", 3), c("x", 1, 1)]], true, [c("y", 3), c("x", 2, 3)]],
    [
      "ranked ties: the period before, then the label",
      [[c("b", 2, 1), c("a", 2, 1), c("c", 2, 5)]],
      true,
      [c("c", 2, 5), c("a", 2, 1), c("b", 2, 1)],
    ],
  ] as Array<[string, Count[][], boolean, Count[]]>)("%s", (_, lists, ranked, want) => expect(sumCounts(lists, ranked)).toEqual(want));
});

describe("sumSeries", () => {
  const p = (bucket: string, now: number, before: number) => ({ bucket, label: bucket, now, before });
  test.each([
    ["nothing", [], []],
    [
      "two sites, same buckets",
      [
        [p("2026-11-01", 1, 2), p("2026-11-02", 0, 1)],
        [p("2026-11-01", 3, 0), p("2026-11-02", 4, 4)],
      ],
      [p("2026-11-01", 4, 2), p("2026-11-02", 4, 5)],
    ],
    [
      "a bucket only one site has, in date order",
      [[p("2026-11-02", 1, 0)], [p("2026-11-01", 2, 0)]],
      [p("2026-11-01", 2, 0), p("2026-11-02", 1, 0)],
    ],
  ] as Array<[string, ReturnType<typeof p>[][], ReturnType<typeof p>[]]>)("%s", (_, lists, want) => expect(sumSeries(lists)).toEqual(want));
});

const part = (id: number, name: string, leads: number, visits: number, enquiries: number): SiteReportPart => ({
  id,
  name,
  leads: {
    total: leads,
    previous: leads - 1,
    series: [{ bucket: "2026-11-01", label: "1 Nov", now: leads, before: leads - 1 }],
    bySource: [c("organic", leads), c("direct", 0, leads - 1)],
    byType: [c("General Enquiry", leads)],
  },
  funnel: {
    steps: [
      { key: "visits", label: "Visits", now: visits, before: visits * 2 },
      { key: "enquiry", label: "Sent an enquiry", now: enquiries, before: 0 },
    ],
  },
  team: { late: 1, total: leads, answered: leads - 1, median: 12, target: 15 },
  stock: { listed: 40, noPhotos: 2, noPrice: 1 },
});

describe("groupReport", () => {
  const g = groupReport([part(1001, "Parkside", 10, 400, 8), part(1002, 'Ridge "line"', 3, 100, 2)]);

  test("each site in the order given, and the group's totals the sum of them", () => {
    expect(g.sites.map((s) => [s.id, s.leads, s.leadsBefore, s.visits, s.visitsBefore, s.enquiryVisits])).toEqual([
      [1001, 10, 9, 400, 800, 8],
      [1002, 3, 2, 100, 200, 2],
    ]);
    expect(g.total).toEqual({
      leads: 13,
      previous: 11,
      visits: 500,
      visitsBefore: 1000,
      enquiryVisits: 10,
      enquiryVisitsBefore: 0,
      late: 2,
    });
    expect(g.series).toEqual([{ bucket: "2026-11-01", label: "1 Nov", now: 13, before: 11 }]);
    expect(g.bySource).toEqual([c("organic", 13), c("direct", 0, 11)]);
    expect(g.bySite.map((s) => [s.label, s.now, s.before])).toEqual([
      ["Parkside", 10, 9],
      ['Ridge "line"', 3, 2],
    ]);
  });

  test("a site with no funnel steps counts no visits", () => {
    const [s] = groupReport([{ ...part(7, "Empty", 0, 0, 0), funnel: { steps: [] } }]).sites;
    expect([s!.visits, s!.enquiryVisits]).toEqual([0, 0]);
  });

  test.each([
    ["sites", ["site_id", "site", "leads", "previous_period_leads"], ["1001", "Parkside", "10", "9"]],
    ["leads-over-time", ["period_start", "leads", "previous_period_leads"], ["2026-11-01", "13", "11"]],
    ["leads-by-source", ["source", "this_period", "previous_period"], ["ORGANIC", "13", "0"]],
    ["leads-by-type", ["enquiry_type", "this_period", "previous_period"], ["GENERAL ENQUIRY", "13", "0"]],
  ] as const)("%s.csv", (name, head, first) => {
    expect(isGroupCsv(name)).toBe(true);
    const rows = parse(groupCsv(name, g)) as string[][];
    expect(rows[0]!.slice(0, head.length)).toEqual(head);
    expect(rows[1]!.slice(0, first.length)).toEqual(first);
  });

  test("the sites CSV: the enquiry rate as the page shows it, and names quoted", () => {
    const rows = parse(groupCsv("sites", g)) as string[][];
    expect(rows[1]![6]).toBe("2.0%");
    expect(rows[2]![1]).toBe('Ridge "line"');
    expect(isGroupCsv("stock")).toBe(false);
    expect(isGroupCsv("__proto__")).toBe(false);
  });
});
