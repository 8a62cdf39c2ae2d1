import Link from "next/link";
import { formatCount, formatPrice } from "@/domain/format/price";
import type { SiteSummary } from "@/domain/reports/group";
import { changeLabel } from "@/domain/reports/range";
import { percent, type PriceChange, type StockCar } from "@/domain/reports/report";
import { durationLabel } from "@/domain/staff/response";
import { Bar, type Point, type Row } from "./charts";
import { DataTable, type Column } from "./data-table";

/*
 * The reports' tables: each a DataTable (a card per row on a phone). The first column names the
 * rows; a bar column (drawn beside the numbers) is left out of a phone's card.
 */

export type ResponseRow = { key: string; label: string; answered: number; median: number | null; withinTarget: number; late: number };
export type DaysRow = { key: string; label: string; cars: number; median: number };
export type FunnelStepRow = { key: string; label: string; now: number; before: number };
export type ChannelRow = { channel: string; label: string; steps: number[] };

const count = <T,>(header: string, value: (r: T) => number): Column<T> => ({ header, numeric: true, cell: (r) => formatCount(value(r)) });
const named = <T extends { label: string }>(header: string): Column<T> => ({ header, rowHeader: true, cell: (r) => r.label });
const bar = <T,>(width: string, value: (r: T) => number, max: number): Column<T> => ({
  header: "Bar",
  headerContent: <span className="sr-only">Bar</span>,
  phoneHidden: true,
  className: width,
  cell: (r) => <Bar value={value(r)} max={max} />,
});
const carLink = <T,>(siteId: number, id: (r: T) => number, title: (r: T) => string): Column<T> => ({
  header: "Car",
  rowHeader: true,
  cell: (r) => (
    <a href={`/sites/${siteId}/stock/${id(r)}`} className="text-blue-800 underline">
      {title(r)}
    </a>
  ),
});

/** Rows with a bar each and this period, the period before and the change, as one table. */
export function BarTable({ id, caption, rows, unit, empty }: { id: string; caption: string; rows: Row[]; unit: string; empty: string }) {
  const max = Math.max(0, ...rows.map((r) => r.now));
  const columns: Array<Column<Row>> = [
    named(unit),
    bar("w-2/5", (r) => r.now, max),
    count("This period", (r) => r.now),
    { ...count("Before", (r) => r.before), className: "text-neutral-700" },
    { header: "Change", numeric: true, cell: (r) => changeLabel(r.now, r.before) },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows.every((r) => r.now === 0 && r.before === 0) ? [] : rows}
      rowKey={(r) => r.key}
      caption={caption}
      captionHidden
      empty={empty}
      emptyTestId={`${id}-empty`}
      testId={`${id}-table`}
    />
  );
}

/** A time series' numbers (behind a disclosure: a year by day is 365 rows). */
export function SeriesTable({ caption, points, unit }: { caption: string; points: Point[]; unit: string }) {
  const columns: Array<Column<Point>> = [
    { ...named<Point>("Period"), className: "font-normal" },
    count(unit, (p) => p.now),
    count("The period before", (p) => p.before),
  ];
  return (
    <details className="mt-3">
      <summary className="cursor-pointer font-semibold text-blue-800 underline">Show the numbers</summary>
      <div className="mt-2 max-h-80 overflow-auto">
        <DataTable columns={columns} rows={points} rowKey={(p) => p.label} caption={caption} captionHidden />
      </div>
    </details>
  );
}

/** The funnel: each step's visits as a bar to the first step's scale, its share of all visits and of the step before. */
export function FunnelTable({ steps }: { steps: FunnelStepRow[] }) {
  const first = steps[0]?.now ?? 0;
  const columns: Array<Column<FunnelStepRow>> = [
    named("Step"),
    bar("w-1/3", (s) => s.now, first),
    count("Visits", (s) => s.now),
    { header: "Of all visits", numeric: true, cell: (s) => percent(s.now, first) },
    { header: "Of the step before", numeric: true, cell: (s, i) => (i === 0 ? "–" : percent(s.now, steps[i - 1]!.now)) },
    { ...count("Before", (s) => s.before), className: "text-neutral-700" },
  ];
  return (
    <DataTable
      columns={columns}
      rows={steps}
      rowKey={(s) => s.key}
      caption="Visits reaching each step, this period and the period before"
      captionHidden
      testId="funnel-table"
    />
  );
}

/** The funnel's steps by where the visits came from, and each source's enquiry rate. */
export function FunnelBySourceTable({ steps, channels }: { steps: Array<{ key: string; label: string }>; channels: ChannelRow[] }) {
  const columns: Array<Column<ChannelRow>> = [
    named("Source"),
    ...steps.map((s, i) => count<ChannelRow>(s.label, (c) => c.steps[i] ?? 0)),
    { header: "Enquiry rate", numeric: true, cell: (c) => percent(c.steps[3]!, c.steps[0]!) },
  ];
  return <DataTable columns={columns} rows={channels} rowKey={(c) => c.channel} caption="By source" testId="funnel-by-source" />;
}

/** Time to first contact per group: leads answered, the median, and how many within the target. */
export function ResponseTable({ id, caption, unit, rows }: { id: string; caption: string; unit: string; rows: ResponseRow[] }) {
  const columns: Array<Column<ResponseRow>> = [
    named(unit),
    count("Answered", (r) => r.answered),
    { header: "Median", numeric: true, cell: (r) => (r.median === null ? "–" : durationLabel(r.median)) },
    count("Late", (r) => r.late),
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(r) => r.key}
      caption={caption}
      empty="No lead was contacted in this period."
      testId={`${id}-table`}
    />
  );
}

/** Cars with their views, enquiries and days in stock; each links to its page in the back-office. */
export function CarTable({ id, caption, cars, siteId }: { id: string; caption: string; cars: StockCar[]; siteId: number }) {
  const columns: Array<Column<StockCar>> = [
    carLink(
      siteId,
      (c) => c.id,
      (c) => c.title,
    ),
    count("Views", (c) => c.views),
    count("Enquiries", (c) => c.enquiries),
    count("Days", (c) => c.days),
  ];
  return <DataTable columns={columns} rows={cars} rowKey={(c) => c.id} caption={caption} testId={`${id}-table`} />;
}

/** Days in stock per group: how many cars, and the median. */
export function DaysTable({ id, caption, unit, rows }: { id: string; caption: string; unit: string; rows: DaysRow[] }) {
  const columns: Array<Column<DaysRow>> = [named(unit), count("Cars", (r) => r.cars), count("Median days", (r) => r.median)];
  return <DataTable columns={columns} rows={rows} rowKey={(r) => r.key} caption={caption} testId={`${id}-table`} />;
}

/** The period's price changes and what they did to the car's page views a day. */
export function PriceChangeTable({ changes, siteId }: { changes: PriceChange[]; siteId: number }) {
  const columns: Array<Column<PriceChange>> = [
    carLink(
      siteId,
      (c) => c.vehicleId,
      (c) => c.title,
    ),
    { header: "Price", numeric: true, cell: (c) => `${formatPrice(c.from)} → ${formatPrice(c.to)}` },
    { header: "On", numeric: true, cell: (c) => c.day },
    { header: "Views a day before", numeric: true, cell: (c) => c.viewsBefore },
    { header: "After", numeric: true, cell: (c) => c.viewsAfter },
  ];
  return (
    <DataTable
      columns={columns}
      rows={changes}
      rowKey={(c) => c.id}
      caption="Price changes and page views a day, the week before and the week after"
      empty={<p className="text-sm text-neutral-700">No price changed in this period.</p>}
      testId="price-changes-table"
    />
  );
}

/** Each site of a group over one period: leads, visits, the team's response and the stock, with a total row. */
export function GroupSitesTable({
  sites,
  total,
  query,
}: {
  sites: SiteSummary[];
  total: { leads: number; previous: number; visits: number; enquiryVisits: number; late: number };
  query: string;
}) {
  const columns: Array<Column<SiteSummary>> = [
    {
      header: "Site",
      rowHeader: true,
      className: "font-semibold",
      cell: (s) => (
        <Link href={`/sites/${s.id}/reports?${query}`} className="text-blue-800 underline">
          {s.name}
        </Link>
      ),
    },
    count("Leads", (s) => s.leads),
    { header: "Change", numeric: true, cell: (s) => changeLabel(s.leads, s.leadsBefore) },
    count("Visits", (s) => s.visits),
    { header: "Enquiry rate", numeric: true, cell: (s) => percent(s.enquiryVisits, s.visits) },
    {
      header: "Contacted late",
      numeric: true,
      cellClassName: (s) => (s.late > 0 ? "font-semibold text-red-800" : undefined),
      cell: (s) => (
        <>
          {formatCount(s.late)}
          <span className="sr-only"> past {durationLabel(s.target)}</span>
        </>
      ),
    },
    { header: "Median first contact", numeric: true, cell: (s) => (s.median === null ? "–" : durationLabel(s.median)) },
    count("Listed cars", (s) => s.listed),
    count("No photos", (s) => s.noPhotos),
  ];
  const sum = (f: (s: SiteSummary) => number) => formatCount(sites.reduce((n, s) => n + f(s), 0));
  return (
    <DataTable
      columns={columns}
      rows={sites}
      rowKey={(s) => s.id}
      caption="Each site in this period"
      captionHidden
      testId="group-sites"
      className="sm:min-w-[44rem]"
      foot={[
        "All sites",
        formatCount(total.leads),
        changeLabel(total.leads, total.previous),
        formatCount(total.visits),
        percent(total.enquiryVisits, total.visits),
        formatCount(total.late),
        null,
        sum((s) => s.listed),
        sum((s) => s.noPhotos),
      ]}
    />
  );
}

/** A short list of cars to fix (the first 20), each a link to its page in the back-office. */
export function CarList({
  id,
  title,
  cars,
  siteId,
  empty,
}: {
  id: string;
  title: string;
  cars: Array<{ id: number; title: string }>;
  siteId: number;
  empty: string;
}) {
  return (
    <div data-testid={id}>
      <h3 className="font-bold">{title}</h3>
      {cars.length === 0 ? (
        <p className="text-sm text-neutral-700">{empty}</p>
      ) : (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {cars.slice(0, 20).map((c) => (
            <li key={c.id}>
              <a href={`/sites/${siteId}/stock/${c.id}`} className="text-blue-800 underline">
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
