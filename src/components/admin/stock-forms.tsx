"use client";

import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { VehicleEditSchema, type ImportError, type ImportPlan } from "@/domain/stock/import";
import { buttonVariants } from "@/components/ui/button";
import { inputClass, TextField } from "@/components/ui/text-field";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

type VehicleValues = { price: number | null; odometer: number; status: string; show: boolean; description: string };

/** A manager's edit of one car: price, odometer, status, shown on the website, description. */
export function VehicleEditForm({ siteId, vehicleId, values }: { siteId: number; vehicleId: number; values: VehicleValues }) {
  const router = useRouter();
  const id = useId();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const raw = { ...Object.fromEntries(f), show_on_dealer_website: f.get("show_on_dealer_website") === "on" };
    const valid = check(VehicleEditSchema, raw);
    if (!valid) return;
    if (await send(`/api/admin/sites/${siteId}/vehicles/${vehicleId}`, { method: "PUT", json: valid })) router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-4" aria-label="Edit vehicle">
      <StatusLine state={state} testId="vehicle" />
      <TextField
        name="price"
        label="Price (whole dollars)"
        defaultValue={values.price === null ? "" : String(values.price)}
        error={errors.price}
        hint="Leave empty for “Enquire for price”."
      />
      <TextField name="odometer" label="Odometer (km)" defaultValue={String(values.odometer)} error={errors.odometer} />
      <label className="block text-sm font-semibold" htmlFor={`${id}-status`}>
        Status
      </label>
      <select id={`${id}-status`} name="status" defaultValue={values.status} className={inputClass}>
        <option value="in_stock">In stock</option>
        <option value="coming_soon">Coming soon</option>
        <option value="sold">Sold</option>
      </select>
      <label className="flex items-center gap-2 font-semibold">
        <input type="checkbox" name="show_on_dealer_website" defaultChecked={values.show} className="size-5" />
        Show on the website
      </label>
      <label className="block text-sm font-semibold" htmlFor={`${id}-description`}>
        Description
      </label>
      <textarea
        id={`${id}-description`}
        name="description"
        rows={6}
        defaultValue={values.description}
        className={`${inputClass} py-2`}
        aria-invalid={errors.description ? true : undefined}
      />
      <button type="submit" className={buttonVariants()} disabled={state.kind === "busy"}>
        Save
      </button>
    </form>
  );
}

type Report = {
  lines: number;
  valid: number;
  errors: ImportError[];
  errorCount: number;
  ignoredColumns: string[];
  plan: ImportPlan | null;
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
          <h2 className="font-bold">Ready to import {checked.report.valid} cars</h2>
          <ul className="list-disc pl-6">
            <li>{plan.add} new</li>
            <li>{plan.update} updated</li>
            {plan.missing > 0 && <li>{plan.missing} in stock but not in this file</li>}
            <li>{plan.sell.length} will be marked sold</li>
          </ul>
          {checked.report.ignoredColumns.length > 0 && (
            <p className="text-sm">Columns not read: {checked.report.ignoredColumns.join(", ")}.</p>
          )}
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

/**
 * A stock CSV: checked on the server first (nothing written), its report shown line by line; a
 * clean file is applied with a second click, and one that would sell many cars needs a tick.
 */
export function StockImportForm({ siteId }: { siteId: number }) {
  const id = useId();
  const check = useSend();
  const [checked, setChecked] = useState<CheckedImport | null>(null);
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
    const full = f.get("full") === "on" ? "1" : "0";
    const r = await check.send<CheckedImport>(
      `/api/admin/sites/${siteId}/stock/imports?full=${full}`,
      { method: "POST", csv: await file.text(), errorBody: true },
      "Checked.",
    );
    if (r && "report" in r) setChecked(r);
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
            One car per line under a header line. Needed: stock_number, make, model, year, car_type (new, used or demo). Also read: vin,
            rego, badge, series, price, price_type, subscription_weekly, odometer, colour, body_type, fuel, transmission, drive, seats,
            doors, location_id, status, description.
          </p>
        </div>
        <label className="flex items-start gap-2">
          <input type="checkbox" name="full" className="mt-1 size-5" />
          <span>
            <span className="font-semibold">This file is my whole stock</span>
            <span className="block text-sm text-neutral-700">Cars left out of two full imports in a row are marked sold.</span>
          </span>
        </label>
        <button type="submit" className={buttonVariants()} disabled={check.state.kind === "busy"}>
          Check the file
        </button>
      </form>
      <StatusLine state={check.state} testId="import-check" />
      {checked && checked.report.errorCount > 0 && (
        <section aria-label="Problems in the file" className="rounded-lg border border-red-700 bg-white p-4" data-testid="import-report">
          <h2 className="mb-2 font-bold">
            {checked.report.errorCount} problem{checked.report.errorCount === 1 ? "" : "s"} in {checked.report.lines} line
            {checked.report.lines === 1 ? "" : "s"}
          </h2>
          <ul className="space-y-1 text-sm">
            {checked.report.errors.map((e, i) => (
              <li key={i} data-testid="import-error">
                Line {e.line}
                {e.field ? `, ${e.field}` : ""}: {e.message}
              </li>
            ))}
          </ul>
          {checked.report.errorCount > checked.report.errors.length && (
            <p className="mt-2 text-sm">… and {checked.report.errorCount - checked.report.errors.length} more.</p>
          )}
        </section>
      )}
      {checked && checked.report.plan && <ImportPlanPanel key={checked.id} siteId={siteId} checked={checked} />}
    </div>
  );
}
