"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import type { ImportError, ImportPlan } from "@/domain/stock/import";
import { COLUMN_LABELS, headerKey, STOCK_CSV_COLUMNS, type StockColumn } from "@/domain/stock/import-columns";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

type Report = {
  lines: number;
  valid: number;
  errors: ImportError[];
  errorCount: number;
  /** older reports lack them */
  columns?: Array<{ header: string; column: StockColumn }>;
  clearBlanks?: boolean;
  overwriteEdited?: boolean;
  ignoredColumns: string[];
  /** older reports' plans lack changed, unchanged and changes */
  plan: (Omit<ImportPlan, "changed" | "unchanged" | "changes"> & Partial<ImportPlan>) | null;
};
export type CheckedImport = { id: number; status: "checked" | "held" | "rejected"; report: Report };

/** What a checked import will do, and the button that does it (a held one needs the tick first). */
export function ImportPlanPanel({ siteId, checked, onApplied }: { siteId: number; checked: CheckedImport; onApplied?: () => void }) {
  const router = useRouter();
  const apply = useSend();
  const [confirm, setConfirm] = useState(false);
  const [done, setDone] = useState(false);
  const plan = checked.report.plan;
  if (!plan) return null;
  const doApply = async () => {
    if (await apply.send(`/api/admin/sites/${siteId}/stock/imports/${checked.id}/apply`, { method: "POST", json: { confirm } })) {
      setDone(true);
      onApplied?.();
      router.refresh();
    }
  };
  return (
    <section
      aria-label="What the import will do"
      className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4"
      data-testid="import-plan"
    >
      {!done && (
        <>
          <h2 className="font-bold">
            Ready to import {checked.report.valid} car{checked.report.valid === 1 ? "" : "s"}
          </h2>
          <ul className="list-disc pl-6" data-testid="import-totals">
            <li>{plan.add} new</li>
            {plan.changed === undefined ? (
              <li>{plan.update} updated</li>
            ) : (
              <>
                <li>{plan.changed} changed</li>
                <li>{plan.unchanged} unchanged</li>
              </>
            )}
            {plan.missing > 0 && <li>{plan.missing} in stock but not in this file</li>}
            <li>{plan.sell.length} will be marked sold</li>
          </ul>
          {checked.report.ignoredColumns.length > 0 && (
            <p className="text-sm">Columns not read: {checked.report.ignoredColumns.join(", ")}.</p>
          )}
          {checked.report.clearBlanks && <p className="text-sm">Empty cells clear their field.</p>}
          {checked.report.overwriteEdited && <p className="text-sm">Fields edited here are overwritten.</p>}
          <ChangePreview plan={plan} />
          {checked.status === "held" && (
            <div role="alert" className="rounded-md border border-amber-700 bg-amber-50 p-3">
              <p className="font-semibold">
                This import would mark {plan.sell.length} of {plan.inStock} cars sold ({Math.round(plan.removalShare * 100)}%). Check the
                file is your whole stock.
              </p>
              <label className="mt-2 flex items-center gap-2">
                <input type="checkbox" checked={confirm} onChange={(e) => setConfirm(e.target.checked)} className="size-5" />
                Yes, mark them sold
              </label>
            </div>
          )}
          <button
            type="button"
            className={buttonVariants()}
            onClick={doApply}
            disabled={apply.state.kind === "busy" || (checked.status === "held" && !confirm)}
          >
            Import now
          </button>
        </>
      )}
      <StatusLine state={apply.state} testId="import-apply" />
    </section>
  );
}

/** Each changed car's changes, before anything is written ("Price: $41,990 → $39,990"). */
function ChangePreview({ plan }: { plan: NonNullable<Report["plan"]> }) {
  const changes = plan.changes ?? [];
  if (!changes.length) return null;
  const more = (plan.changed ?? 0) - changes.length;
  return (
    <details className="rounded-md border border-neutral-200 p-3" open={changes.length <= 10}>
      <summary className="cursor-pointer font-semibold">What changes on the cars you have</summary>
      <ul className="mt-2 space-y-2 text-sm" data-testid="import-changes">
        {changes.map((c) => (
          <li key={c.stock_number} data-testid="import-change">
            <span className="font-semibold">{c.stock_number}</span>
            <ul className="list-disc pl-5">
              {c.changes.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {more > 0 && <p className="mt-2 text-sm">… and {more.toLocaleString("en-AU")} more cars change.</p>}
    </details>
  );
}

/**
 * The headers the platform could not place, each with a choice of column (or "Leave out"); the
 * choices are sent with the next check and remembered for the site's next file.
 */
function ColumnChoices({ report, onCheck, busy }: { report: Report; onCheck: (choices: Record<string, string>) => void; busy: boolean }) {
  const id = useId();
  const [choices, setChoices] = useState<Record<string, string>>({});
  const taken = new Set(report.columns?.map((c) => c.column) ?? []);
  if (!report.ignoredColumns.length) return null;
  return (
    <section
      aria-labelledby={`${id}-h`}
      className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4"
      data-testid="import-mapping"
    >
      <h2 id={`${id}-h`} className="font-bold">
        Columns we could not place
      </h2>
      <p className="text-sm text-neutral-700">
        Say what each one holds, or leave it out. Your choices are remembered for this site&rsquo;s next file.
        {report.columns?.length
          ? ` Read already: ${report.columns.map((c) => `${c.header} (${COLUMN_LABELS[c.column]})`).join(", ")}.`
          : ""}
      </p>
      {report.ignoredColumns.map((header, i) => (
        <div key={header}>
          <label htmlFor={`${id}-${i}`} className="block text-sm font-semibold">
            {header}
          </label>
          <select
            id={`${id}-${i}`}
            className={inputClass}
            value={choices[header] ?? ""}
            onChange={(e) => setChoices((c) => ({ ...c, [header]: e.target.value }))}
          >
            <option value="">Leave out</option>
            {STOCK_CSV_COLUMNS.filter((c) => !taken.has(c)).map((c) => (
              <option key={c} value={c}>
                {COLUMN_LABELS[c]}
              </option>
            ))}
          </select>
        </div>
      ))}
      <button type="button" className={buttonVariants({ variant: "outline" })} disabled={busy} onClick={() => onCheck(choices)}>
        Check again with these columns
      </button>
    </section>
  );
}

/**
 * A stock CSV: checked on the server first (nothing written), its report shown line by line; a
 * clean file is applied with a second click, and one that would sell many cars needs a tick.
 */
export function StockImportForm({ siteId }: { siteId: number }) {
  const id = useId();
  const check = useSend();
  const [checked, setChecked] = useState<CheckedImport | null>(null);
  const [sent, setSent] = useState<{ csv: string; full: boolean; clearBlanks: boolean; overwriteEdited: boolean } | null>(null);
  const run = async (
    file: { csv: string; full: boolean; clearBlanks: boolean; overwriteEdited: boolean },
    choices: Record<string, string> = {},
  ) => {
    setChecked(null);
    setSent(file);
    const query = new URLSearchParams({
      full: file.full ? "1" : "0",
      clear_blanks: file.clearBlanks ? "1" : "0",
      overwrite_edited: file.overwriteEdited ? "1" : "0",
    });
    for (const [header, column] of Object.entries(choices)) query.append(`col.${headerKey(header)}`, column);
    const r = await check.send<CheckedImport>(
      `/api/admin/sites/${siteId}/stock/imports?${query}`,
      { method: "POST", csv: file.csv, errorBody: true },
      "Checked.",
    );
    if (r && "report" in r) setChecked(r);
  };
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const file = f.get("file");
    setChecked(null);
    if (!(file instanceof File) || file.size === 0) {
      check.setErrors({ file: "Choose a CSV file" });
      check.setState({ kind: "error", message: "Choose a CSV file to import." });
      return;
    }
    await run({
      csv: await file.text(),
      full: f.get("full") === "on",
      clearBlanks: f.get("clear_blanks") === "on",
      overwriteEdited: f.get("overwrite_edited") === "on",
    });
  };
  return (
    <div className="space-y-5">
      <form noValidate onSubmit={submit} className="space-y-4" aria-label="Import stock">
        <div>
          <label htmlFor={`${id}-file`} className="block text-sm font-semibold">
            CSV file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            name="file"
            accept=".csv,text/csv"
            className="mt-1 block"
            aria-invalid={check.errors.file ? true : undefined}
            aria-describedby={`${id}-file-hint`}
          />
          <p id={`${id}-file-hint`} className="mt-1 text-sm text-neutral-700">
            One car per line under a header line. Needed: stock number, make, model, year and type (new, used or demo). Also read: VIN,
            rego, badge, series, price, price type, weekly subscription, odometer, colour, body type, fuel, transmission, drive, seats,
            doors, location id, status, description and photos (addresses separated by |). Your system&rsquo;s own header names
            (&ldquo;Stock No&rdquo;, &ldquo;Kms&rdquo;, &ldquo;Price (Drive Away)&rdquo;…) are understood; you choose the rest after the
            check.
          </p>
        </div>
        <label className="flex items-start gap-2">
          <input type="checkbox" name="full" className="mt-1 size-5" />
          <span>
            <span className="font-semibold">This file is my whole stock</span>
            <span className="block text-sm text-neutral-700">Cars left out of two full imports in a row are marked sold.</span>
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input type="checkbox" name="clear_blanks" className="mt-1 size-5" />
          <span>
            <span className="font-semibold">Empty cells clear the field</span>
            <span className="block text-sm text-neutral-700">
              Otherwise an empty cell, like a column the file leaves out, leaves that detail of a car as it is.
            </span>
          </span>
        </label>
        <label className="flex items-start gap-2">
          <input type="checkbox" name="overwrite_edited" className="mt-1 size-5" />
          <span>
            <span className="font-semibold">Overwrite fields edited here</span>
            <span className="block text-sm text-neutral-700">
              Otherwise a price, status or other detail someone changed in the back-office stays as they set it.
            </span>
          </span>
        </label>
        <button type="submit" className={buttonVariants()} disabled={check.state.kind === "busy"}>
          Check the file
        </button>
      </form>
      <StatusLine state={check.state} testId="import-check" />
      {checked && checked.report.errorCount > 0 && <ImportProblems report={checked.report} />}
      {checked && sent && (
        <ColumnChoices
          key={`columns-${checked.id}`}
          report={checked.report}
          busy={check.state.kind === "busy"}
          onCheck={(c) => void run(sent, c)}
        />
      )}
      {checked && checked.report.plan && <ImportPlanPanel key={`plan-${checked.id}`} siteId={siteId} checked={checked} />}
    </div>
  );
}

/** The file's problems, line by line (the first of them, and how many more). */
function ImportProblems({ report }: { report: Report }) {
  return (
    <section aria-label="Problems in the file" className="rounded-lg border border-red-700 bg-white p-4" data-testid="import-report">
      <h2 className="mb-2 font-bold">
        {report.errorCount} problem{report.errorCount === 1 ? "" : "s"} in {report.lines} line
        {report.lines === 1 ? "" : "s"}
      </h2>
      <ul className="space-y-1 text-sm">
        {report.errors.map((e, i) => (
          <li key={i} data-testid="import-error">
            Line {e.line}
            {e.field ? `, ${e.field}` : ""}: {e.message}
          </li>
        ))}
      </ul>
      {report.errorCount > report.errors.length && <p className="mt-2 text-sm">… and {report.errorCount - report.errors.length} more.</p>}
    </section>
  );
}
