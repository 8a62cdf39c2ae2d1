import { stringify } from "csv-stringify/sync";
import { csvSafe } from "../staff/lead-csv";
import type { Channel } from "./source";

/*
 * The reports' shapes, and each report as CSV (the same numbers as its chart and table).
 */

export type Count = { key: string; label: string; now: number; before: number };
export type SeriesPoint = { bucket: string; label: string; now: number; before: number };

export type LeadsReport = {
  total: number;
  previous: number;
  series: SeriesPoint[];
  bySource: Count[];
  byCampaign: Count[];
  byType: Count[];
  byLocation: Count[];
  byCondition: Count[];
  byMake: Count[];
  /** the cars asked about most (the weekly email's top cars) */
  byCar: Count[];
};

/** A listed car in the stock report: its page views and enquiries in the period, and days in stock. */
export type StockCar = { id: number; title: string; views: number; enquiries: number; days: number };
/** A price change and the car's page views a day in the week before and the week after it. */
export type PriceChange = {
  id: number;
  vehicleId: number;
  title: string;
  from: number | null;
  to: number | null;
  day: string;
  viewsBefore: number;
  viewsAfter: number;
};

export type FunnelStepKey = "visits" | "search" | "vehicle" | "enquiry" | "reservation";
export type FunnelStep = { key: FunnelStepKey; label: string; now: number; before: number };
export type FunnelReport = { steps: FunnelStep[]; byChannel: Array<{ channel: Channel; label: string; steps: number[] }> };

export const FUNNEL_STEPS: Array<[FunnelStepKey, string]> = [
  ["visits", "Visits"],
  ["search", "Searched stock"],
  ["vehicle", "Opened a vehicle page"],
  ["enquiry", "Sent an enquiry"],
  ["reservation", "Reserved online"],
];

/** The reports a CSV can be asked for, by name (`/api/admin/sites/{id}/reports/{name}.csv`). */
export const REPORT_CSVS = [
  "leads-over-time",
  "leads-by-source",
  "leads-by-campaign",
  "leads-by-type",
  "leads-by-location",
  "leads-by-condition",
  "leads-by-make",
  "funnel",
  "funnel-by-source",
  "team-response",
  "stock",
] as const;
export type ReportCsvName = (typeof REPORT_CSVS)[number];
export const isReportCsv = (v: string): v is ReportCsvName => (REPORT_CSVS as readonly string[]).includes(v);

/** Share of a whole as a percentage with one decimal ("12.5%"), "–" when the whole is none. */
export const percent = (part: number, whole: number): string =>
  whole > 0 ? `${(Math.round((part / whole) * 1000) / 10).toFixed(1)}%` : "–";

/** The team's response per salesperson and per location, as the CSV reads it. */
export type TeamCsv = {
  byPerson: Array<{ label: string; answered: number; median: number | null; withinTarget: number; late: number }>;
  byLocation: Array<{ label: string; answered: number; median: number | null; withinTarget: number; late: number }>;
};

/** The listed cars with their views, enquiries and days in stock (the stock report), as the CSV reads it. */
export type StockCsv = { all: StockCar[] };

export type CsvTable = Array<Array<string | number>>;

/** Counts as CSV rows: a label column, this period and the period before. */
export const countsTable = (label: string, rows: readonly Count[]): CsvTable => [
  [label, "this_period", "previous_period"],
  ...rows.map((r) => [csvSafe(r.label), r.now, r.before]),
];

/** Leads over time as CSV rows: each period's first day, its leads and the period before's. */
export const seriesTable = (series: readonly SeriesPoint[]): CsvTable => [
  ["period_start", "leads", "previous_period_leads"],
  ...series.map((p) => [p.bucket, p.now, p.before]),
];

/** One report as CSV rows (a header, then the numbers), every text cell made safe for spreadsheets. */
export function reportCsv(name: ReportCsvName, leads: LeadsReport, funnel: FunnelReport, team: TeamCsv, stock: StockCsv): string {
  const counts = countsTable;
  const table: CsvTable = (() => {
    switch (name) {
      case "leads-over-time":
        return seriesTable(leads.series);
      case "leads-by-source":
        return counts("source", leads.bySource);
      case "leads-by-campaign":
        return counts("campaign", leads.byCampaign);
      case "leads-by-type":
        return counts("enquiry_type", leads.byType);
      case "leads-by-location":
        return counts("location", leads.byLocation);
      case "leads-by-condition":
        return counts("condition", leads.byCondition);
      case "leads-by-make":
        return counts("make", leads.byMake);
      case "funnel":
        return [
          ["step", "this_period", "share_of_visits", "previous_period"],
          ...funnel.steps.map((s) => [s.label, s.now, percent(s.now, funnel.steps[0]!.now), s.before]),
        ];
      case "funnel-by-source":
        return [["source", ...FUNNEL_STEPS.map(([k]) => k)], ...funnel.byChannel.map((c) => [c.label, ...c.steps])];
      case "stock":
        return [
          ["vehicle_id", "car", "views", "enquiries", "days_in_stock"],
          ...stock.all.map((c) => [c.id, csvSafe(c.title), c.views, c.enquiries, c.days]),
        ];
      case "team-response":
        return [
          ["group", "name", "answered", "median_open_minutes", "within_target", "late"],
          ...team.byPerson.map((r) => ["salesperson", csvSafe(r.label), r.answered, r.median ?? "", r.withinTarget, r.late]),
          ...team.byLocation.map((r) => ["location", csvSafe(r.label), r.answered, r.median ?? "", r.withinTarget, r.late]),
        ];
    }
  })();
  return stringify(table);
}
