import Link from "next/link";
import type { ReactNode } from "react";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import { formatCount } from "@/domain/format/price";
import { changeLabel, GROUPING_LABELS, GROUPINGS, PRESET_LABELS, type ReportPreset, type ReportRange } from "@/domain/reports/range";

/*
 * What a site's reports and the group view share: the period form (a plain GET form, no
 * script), a figure beside the period before's, and a titled section with its CSV link.
 */

/** The period form: a preset or two dates, and the grouping; its messages when the last one could not be read. */
export function ReportRangeForm({ range, errors, reset }: { range: ReportRange; errors: Record<string, string> | null; reset: string }) {
  return (
    <form
      method="get"
      className="grid grid-cols-2 gap-3 rounded-lg border border-neutral-200 bg-white p-4 md:grid-cols-5"
      aria-label="Report period"
    >
      {errors && (
        <p role="alert" className="col-span-2 rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800 md:col-span-5">
          {Object.values(errors).join(" ")} Showing the last 30 days.
        </p>
      )}
      <label className="col-span-2 text-sm font-semibold md:col-span-1">
        Period
        <select name="preset" defaultValue={range.preset ?? "custom"} className={inputClass}>
          {(Object.keys(PRESET_LABELS) as ReportPreset[]).map((p) => (
            <option key={p} value={p}>
              {PRESET_LABELS[p]}
            </option>
          ))}
          <option value="custom">These dates</option>
        </select>
      </label>
      <label className="text-sm font-semibold">
        From
        <input type="date" name="from" defaultValue={range.from} className={inputClass} />
      </label>
      <label className="text-sm font-semibold">
        To
        <input type="date" name="to" defaultValue={range.to} className={inputClass} />
      </label>
      <label className="text-sm font-semibold">
        Group
        <select name="by" defaultValue={range.by} className={inputClass}>
          {GROUPINGS.map((g) => (
            <option key={g} value={g}>
              {GROUPING_LABELS[g]}
            </option>
          ))}
        </select>
      </label>
      <div className="flex items-end gap-2">
        <button type="submit" className={buttonVariants({ size: "sm" })}>
          Show
        </button>
        <Link href={reset} className={buttonVariants({ variant: "ghost", size: "sm" })}>
          Reset
        </Link>
      </div>
    </form>
  );
}

/** The query that asks for a range again (its preset, or its dates), with its grouping. */
export const rangeQuery = (range: ReportRange): URLSearchParams =>
  new URLSearchParams(range.preset ? { preset: range.preset, by: range.by } : { from: range.from, to: range.to, by: range.by });

/** A figure of this period, and how it moved on the period before. */
export function Tile({ label, value, before, testId }: { label: string; value: number; before: number; testId: string }) {
  return (
    <div className="rounded-lg border border-neutral-200 bg-white p-4">
      <dt className="text-sm font-semibold text-neutral-700">{label}</dt>
      <dd className="text-3xl font-extrabold" data-testid={testId}>
        {formatCount(value)}
      </dd>
      <dd className="text-sm text-neutral-700">
        {changeLabel(value, before)} on {formatCount(before)} the period before
      </dd>
    </div>
  );
}

/** A report's section: its title, its CSV, its charts and tables. */
export function Section({ title, csv, children }: { title: string; csv: string; children: ReactNode }) {
  const id = title.toLowerCase().replace(/[^a-z]+/g, "-");
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border border-neutral-200 bg-white p-4">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <a
          href={csv}
          download
          className="text-sm font-semibold text-blue-800 underline"
          aria-label={`Download ${title.toLowerCase()} as CSV`}
        >
          CSV
        </a>
      </div>
      {children}
    </section>
  );
}
