import { stringify } from "csv-stringify/sync";
import { csvSafe } from "../staff/lead-csv";
import {
  countsTable,
  percent,
  seriesTable,
  type Count,
  type CsvTable,
  type FunnelReport,
  type LeadsReport,
  type SeriesPoint,
} from "./report";

/*
 * The group view. A staff member who runs several sites sees them side by side over one
 * period: each site's leads, visits, enquiry rate, response and stock against the period before,
 * and the group's leads over time, by source and by enquiry type, summed from each site's own
 * report (each site counted in its own days).
 */

/** What the group view takes from one site's reports. */
export type SiteReportPart = {
  id: number;
  name: string;
  leads: Pick<LeadsReport, "total" | "previous" | "series" | "bySource" | "byType">;
  funnel: Pick<FunnelReport, "steps">;
  team: { late: number; total: number; answered: number; median: number | null; target: number };
  stock: { listed: number; noPhotos: number; noPrice: number };
};

export type SiteSummary = {
  id: number;
  name: string;
  leads: number;
  leadsBefore: number;
  visits: number;
  visitsBefore: number;
  enquiryVisits: number;
  enquiryVisitsBefore: number;
  /** leads of the period not contacted within the site's target */
  late: number;
  /** median open minutes to a first contact, null when none was contacted */
  median: number | null;
  target: number;
  listed: number;
  noPhotos: number;
  noPrice: number;
};

export type GroupReport = {
  sites: SiteSummary[];
  total: {
    leads: number;
    previous: number;
    visits: number;
    visitsBefore: number;
    enquiryVisits: number;
    enquiryVisitsBefore: number;
    late: number;
  };
  series: SeriesPoint[];
  bySource: Count[];
  byType: Count[];
  bySite: Count[];
};

/** Rows summed by a key over several lists (this period and the one before), in the order first met. */
function sumBy<T extends { now: number; before: number }>(lists: ReadonlyArray<readonly T[]>, keyOf: (x: T) => string): T[] {
  const m = new Map<string, T>();
  for (const list of lists)
    for (const x of list) {
      const k = keyOf(x);
      const have = m.get(k);
      m.set(k, have ? { ...have, now: have.now + x.now, before: have.before + x.before } : { ...x });
    }
  return [...m.values()];
}

/**
 * Counts summed by key over several lists: keys in the order first met (so lists that share one
 * order, as the sources do, keep it), or largest first when `ranked`.
 */
export function sumCounts(lists: ReadonlyArray<readonly Count[]>, ranked = false): Count[] {
  const out = sumBy(lists, (c) => c.key);
  return ranked ? out.sort((a, b) => b.now - a.now || b.before - a.before || a.label.localeCompare(b.label)) : out;
}

/** Series of the same period summed point by point (every site's report of one range has the same buckets). */
export function sumSeries(lists: ReadonlyArray<readonly SeriesPoint[]>): SeriesPoint[] {
  return sumBy(lists, (p) => p.bucket).sort((a, b) => a.bucket.localeCompare(b.bucket));
}

const step = (f: SiteReportPart["funnel"], key: string) => f.steps.find((s) => s.key === key) ?? { now: 0, before: 0 };

/** The group view from its sites' reports, the sites in the order given. */
export function groupReport(parts: readonly SiteReportPart[]): GroupReport {
  const sites: SiteSummary[] = parts.map((p) => ({
    id: p.id,
    name: p.name,
    leads: p.leads.total,
    leadsBefore: p.leads.previous,
    visits: step(p.funnel, "visits").now,
    visitsBefore: step(p.funnel, "visits").before,
    enquiryVisits: step(p.funnel, "enquiry").now,
    enquiryVisitsBefore: step(p.funnel, "enquiry").before,
    late: p.team.late,
    median: p.team.median,
    target: p.team.target,
    listed: p.stock.listed,
    noPhotos: p.stock.noPhotos,
    noPrice: p.stock.noPrice,
  }));
  const sum = (k: keyof SiteSummary) => sites.reduce((n, s) => n + Number(s[k] ?? 0), 0);
  return {
    sites,
    total: {
      leads: sum("leads"),
      previous: sum("leadsBefore"),
      visits: sum("visits"),
      visitsBefore: sum("visitsBefore"),
      enquiryVisits: sum("enquiryVisits"),
      enquiryVisitsBefore: sum("enquiryVisitsBefore"),
      late: sum("late"),
    },
    series: sumSeries(parts.map((p) => p.leads.series)),
    bySource: sumCounts(parts.map((p) => p.leads.bySource)),
    byType: sumCounts(
      parts.map((p) => p.leads.byType),
      true,
    ),
    bySite: sites.map((s) => ({ key: String(s.id), label: s.name, now: s.leads, before: s.leadsBefore })),
  };
}

/** The group's CSVs, by name (`/api/admin/reports/{name}.csv`). */
export const GROUP_CSVS = ["sites", "leads-over-time", "leads-by-source", "leads-by-type"] as const;
export type GroupCsvName = (typeof GROUP_CSVS)[number];
export const isGroupCsv = (v: string): v is GroupCsvName => (GROUP_CSVS as readonly string[]).includes(v);

/** One of the group's tables as CSV, the same numbers as the page. */
export function groupCsv(name: GroupCsvName, g: GroupReport): string {
  const table: CsvTable = (() => {
    switch (name) {
      case "leads-over-time":
        return seriesTable(g.series);
      case "leads-by-source":
        return countsTable("source", g.bySource);
      case "leads-by-type":
        return countsTable("enquiry_type", g.byType);
      case "sites":
        return [
          [
            "site_id",
            "site",
            "leads",
            "previous_period_leads",
            "visits",
            "previous_period_visits",
            "enquiry_rate",
            "late_first_contacts",
            "median_open_minutes_to_contact",
            "listed_cars",
            "cars_without_photos",
            "cars_without_price",
          ],
          ...g.sites.map((s) => [
            s.id,
            csvSafe(s.name),
            s.leads,
            s.leadsBefore,
            s.visits,
            s.visitsBefore,
            percent(s.enquiryVisits, s.visits),
            s.late,
            s.median ?? "",
            s.listed,
            s.noPhotos,
            s.noPrice,
          ]),
        ];
    }
  })();
  return stringify(table);
}
