import { scaleBand, scaleLinear } from "d3-scale";
import { curveMonotoneX, line } from "d3-shape";
import { formatCount } from "@/domain/format/price";
import { changeLabel } from "@/domain/reports/range";
import { countTicks } from "@/domain/reports/ticks";

/*
 * The reports' charts, drawn on the server as SVG with d3-scale and d3-shape (no chart
 * code reaches the browser). Each chart has a title and a one-line description for screen readers,
 * and its numbers in a table beside it (report-tables.tsx).
 */

export type Point = { label: string; now: number; before: number };
export type Row = { key: string; label: string; now: number; before: number };

// drawn at about the size it is shown (a phone's width to a column's), so its words stay readable
const W = 560;
const H = 220;
const M = { top: 12, right: 8, bottom: 30, left: 44 };

/** Bars for this period, a dashed line for the period before, one per bucket. */
export function TimeChart({ id, title, points, unit }: { id: string; title: string; points: Point[]; unit: string }) {
  const axis = countTicks(Math.max(0, ...points.flatMap((p) => [p.now, p.before])));
  const x = scaleBand<number>()
    .domain(points.map((_, i) => i))
    .range([M.left, W - M.right])
    .padding(0.2);
  const y = scaleLinear()
    .domain([0, Math.max(1, axis.top)])
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
        {axis.ticks.length === 0 && (
          <text x={W / 2} y={H / 2} textAnchor="middle" fontSize="15" fill="#404040" data-testid={`${id}-empty`}>
            No data yet
          </text>
        )}
        {axis.ticks.map((v) => (
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

/** A bar drawn to a shared scale, for a table's row (the table is the chart: label, bar, numbers). */
export function Bar({ value, max }: { value: number; max: number }) {
  const x = scaleLinear()
    .domain([0, Math.max(1, max)])
    .range([0, 200]);
  return (
    <svg viewBox="0 0 200 14" className="h-3.5 w-full min-w-16" aria-hidden focusable="false">
      <rect x="0" y="1" width={Math.max(value > 0 ? 2 : 0, x(value))} height="12" rx="2" fill="#1d4ed8" />
    </svg>
  );
}
