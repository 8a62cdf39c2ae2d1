import type { ReactNode } from "react";
import { scaleBand, scaleLinear } from "d3-scale";
import { curveMonotoneX, line } from "d3-shape";
import { formatCount, formatPrice } from "@/domain/format/price";
import { changeLabel } from "@/domain/reports/range";
import { percent, type PriceChange, type StockCar } from "@/domain/reports/report";
import { durationLabel } from "@/domain/staff/response";

/*
 * The reports' charts, drawn on the server as SVG with d3-scale and d3-shape (no chart
 * code reaches the browser). Each chart has a title and a one-line description for screen readers,
 * and its numbers in a table beside it.
 */

export type Point = { label: string; now: number; before: number };
export type Row = { key: string; label: string; now: number; before: number };

// drawn at about the size it is shown (a phone's width to a column's), so its words stay readable
const W = 560;
const H = 220;
const M = { top: 12, right: 8, bottom: 30, left: 44 };

/** Bars for this period, a dashed line for the period before, one per bucket. */
export function TimeChart({ id, title, points, unit }: { id: string; title: string; points: Point[]; unit: string }) {
  const max = Math.max(1, ...points.flatMap((p) => [p.now, p.before]));
  const x = scaleBand<number>()
    .domain(points.map((_, i) => i))
    .range([M.left, W - M.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, max])
    .nice(4)
    .range([H - M.bottom, M.top]);
  const previous = line<Point>()
    .x((_, i) => (x(i) ?? 0) + x.bandwidth() / 2)
    .y((p) => y(p.before))
    .curve(curveMonotoneX)(points);
  const every = Math.max(1, Math.ceil(points.length / 8));
  const total = points.reduce((n, p) => n + p.now, 0);
  const before = points.reduce((n, p) => n + p.before, 0);
  return (
    <figure className="min-w-0 max-w-3xl">
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${id}-t ${id}-d`} className="h-auto w-full" data-testid={`${id}-chart`}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>
          {`${formatCount(total)} ${unit} in this period (${changeLabel(total, before)} on the ${formatCount(before)} of the period before), ${points.length} bars from ${points[0]?.label ?? ""} to ${points.at(-1)?.label ?? ""}.`}
        </desc>
        {y.ticks(4).map((v) => (
          <g key={v}>
            <line x1={M.left} x2={W - M.right} y1={y(v)} y2={y(v)} stroke="#e5e5e5" />
            <text x={M.left - 6} y={y(v)} dy="0.32em" textAnchor="end" fontSize="13" fill="#404040">
              {formatCount(v)}
            </text>
          </g>
        ))}
        {points.map((p, i) => (
          <rect key={i} x={x(i)} y={y(p.now)} width={x.bandwidth()} height={Math.max(0, y(0) - y(p.now))} fill="#1d4ed8" rx="2" />
        ))}
        {previous && <path d={previous} fill="none" stroke="#b45309" strokeWidth="2" strokeDasharray="5 4" />}
        {points.map((p, i) =>
          i % every === 0 ? (
            <text key={i} x={(x(i) ?? 0) + x.bandwidth() / 2} y={H - 8} textAnchor="middle" fontSize="13" fill="#404040">
              {p.label}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="mt-2 flex flex-wrap gap-4 text-sm text-neutral-700">
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block size-3 rounded-sm bg-blue-700" /> This period
        </span>
        <span className="flex items-center gap-1">
          <span aria-hidden className="inline-block h-0 w-4 border-t-2 border-dashed border-amber-700" /> The period before
        </span>
      </figcaption>
    </figure>
  );
}

/** A table's head row: the first column names the rows, a "bar" column is hidden on a phone, numbers align right. */
function HeadRow({ cols }: { cols: Array<string | { bar: true; width: string }> }) {
  return (
    <thead>
      <tr className="border-b border-neutral-300 text-left">
        {cols.map((c, i) =>
          typeof c === "string" ? (
            <th key={i} scope="col" className={`py-2 ${i < cols.length - 1 ? "pr-3" : ""} ${i === 0 ? "" : "text-right"}`}>
              {c}
            </th>
          ) : (
            <th key={i} scope="col" className={`hidden ${c.width} py-2 pr-3 sm:table-cell`}>
              <span className="sr-only">Bar</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/** A row's name cell. */
const RowHead = ({ children }: { children: ReactNode }) => (
  <th scope="row" className="py-1.5 pr-3 text-left font-medium">
    {children}
  </th>
);

/** A bar drawn to a shared scale, for a table's row (the table is the chart: label, bar, numbers). */
function Bar({ value, max }: { value: number; max: number }) {
  const x = scaleLinear()
    .domain([0, Math.max(1, max)])
    .range([0, 200]);
  return (
    <svg viewBox="0 0 200 14" className="h-3.5 w-full min-w-16" aria-hidden focusable="false">
      <rect x="0" y="1" width={Math.max(value > 0 ? 2 : 0, x(value))} height="12" rx="2" fill="#1d4ed8" />
    </svg>
  );
}

/** Rows with a bar each and this period, the period before and the change, as one table. */
export function BarTable({ id, caption, rows, unit, empty }: { id: string; caption: string; rows: Row[]; unit: string; empty: string }) {
  const max = Math.max(0, ...rows.map((r) => r.now));
  if (rows.every((r) => r.now === 0 && r.before === 0))
    return (
      <p className="text-neutral-700" data-testid={`${id}-empty`}>
        {empty}
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={`${id}-table`}>
        <caption className="sr-only">{caption}</caption>
        <HeadRow cols={[unit, { bar: true, width: "w-2/5" }, "This period", "Before", "Change"]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-neutral-100">
              <RowHead>{r.label}</RowHead>
              <td className="hidden py-1.5 pr-3 sm:table-cell">
                <Bar value={r.now} max={max} />
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(r.now)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums text-neutral-700">{formatCount(r.before)}</td>
              <td className="py-1.5 text-right tabular-nums">{changeLabel(r.now, r.before)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A time series' numbers (behind a disclosure: a year by day is 365 rows). */
export function SeriesTable({ caption, points, unit }: { caption: string; points: Point[]; unit: string }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer font-semibold text-blue-800 underline">Show the numbers</summary>
      <div className="mt-2 max-h-80 overflow-auto">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="border-b border-neutral-300 text-left">
              <th scope="col" className="py-1 pr-3">
                Period
              </th>
              <th scope="col" className="py-1 pr-3 text-right">
                {unit}
              </th>
              <th scope="col" className="py-1 text-right">
                The period before
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label} className="border-b border-neutral-100">
                <th scope="row" className="py-1 pr-3 text-left font-normal">
                  {p.label}
                </th>
                <td className="py-1 pr-3 text-right tabular-nums">{formatCount(p.now)}</td>
                <td className="py-1 text-right tabular-nums">{formatCount(p.before)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}

/** The funnel: each step's visits as a bar to the first step's scale, its share of all visits and of the step before. */
export function FunnelTable({ steps }: { steps: Array<{ key: string; label: string; now: number; before: number }> }) {
  const first = steps[0]?.now ?? 0;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="funnel-table">
        <caption className="sr-only">Visits reaching each step, this period and the period before</caption>
        <HeadRow cols={["Step", { bar: true, width: "w-1/3" }, "Visits", "Of all visits", "Of the step before", "Before"]} />
        <tbody>
          {steps.map((s, i) => (
            <tr key={s.key} className="border-b border-neutral-100">
              <RowHead>{s.label}</RowHead>
              <td className="hidden py-1.5 pr-3 sm:table-cell">
                <Bar value={s.now} max={first} />
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(s.now)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{percent(s.now, first)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{i === 0 ? "–" : percent(s.now, steps[i - 1]!.now)}</td>
              <td className="py-1.5 text-right tabular-nums text-neutral-700">{formatCount(s.before)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Time to first contact per group: leads answered, the median, and how many within the target. */
export function ResponseTable({
  id,
  caption,
  unit,
  rows,
}: {
  id: string;
  caption: string;
  unit: string;
  rows: Array<{ key: string; label: string; answered: number; median: number | null; withinTarget: number; late: number }>;
}) {
  if (!rows.length) return <p className="text-neutral-700">No lead was contacted in this period.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={`${id}-table`}>
        <caption className="mb-2 text-left font-bold">{caption}</caption>
        <HeadRow cols={[unit, "Answered", "Median", "Late"]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-neutral-100">
              <RowHead>{r.label}</RowHead>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(r.answered)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{r.median === null ? "–" : durationLabel(r.median)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatCount(r.late)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Cars with their views, enquiries and days in stock; each links to its page in the back-office. */
export function CarTable({ id, caption, cars, siteId }: { id: string; caption: string; cars: StockCar[]; siteId: number }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={`${id}-table`}>
        <caption className="mb-2 text-left font-bold">{caption}</caption>
        <HeadRow cols={["Car", "Views", "Enquiries", "Days"]} />
        <tbody>
          {cars.map((c) => (
            <tr key={c.id} className="border-b border-neutral-100">
              <RowHead>
                <a href={`/sites/${siteId}/stock/${c.id}`} className="text-blue-800 underline">
                  {c.title}
                </a>
              </RowHead>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(c.views)}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(c.enquiries)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatCount(c.days)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Days in stock per group: how many cars, and the median. */
export function DaysTable({
  id,
  caption,
  unit,
  rows,
}: {
  id: string;
  caption: string;
  unit: string;
  rows: Array<{ key: string; label: string; cars: number; median: number }>;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid={`${id}-table`}>
        <caption className="mb-2 text-left font-bold">{caption}</caption>
        <HeadRow cols={[unit, "Cars", "Median days"]} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className="border-b border-neutral-100">
              <RowHead>{r.label}</RowHead>
              <td className="py-1.5 pr-3 text-right tabular-nums">{formatCount(r.cars)}</td>
              <td className="py-1.5 text-right tabular-nums">{formatCount(r.median)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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

/** The period's price changes and what they did to the car's page views a day. */
export function PriceChangeTable({ changes, siteId }: { changes: PriceChange[]; siteId: number }) {
  if (!changes.length) return <p className="text-sm text-neutral-700">No price changed in this period.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="price-changes-table">
        <caption className="mb-2 text-left font-bold">Price changes and page views a day, the week before and the week after</caption>
        <HeadRow cols={["Car", "Price", "On", "Views a day before", "After"]} />
        <tbody>
          {changes.map((c) => (
            <tr key={c.id} className="border-b border-neutral-100">
              <RowHead>
                <a href={`/sites/${siteId}/stock/${c.vehicleId}`} className="text-blue-800 underline">
                  {c.title}
                </a>
              </RowHead>
              <td className="py-1.5 pr-3 text-right tabular-nums">
                {formatPrice(c.from)} → {formatPrice(c.to)}
              </td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{c.day}</td>
              <td className="py-1.5 pr-3 text-right tabular-nums">{c.viewsBefore}</td>
              <td className="py-1.5 text-right tabular-nums">{c.viewsAfter}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
