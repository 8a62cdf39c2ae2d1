"use client";

import { useRouter } from "next/navigation";
import { useId, type FormEvent } from "react";
import { LEAD_STATUS_LABELS, LeadUpdateSchema, nextStatuses, type LeadStatus } from "@/domain/staff/roles";
import { buttonVariants } from "@/components/ui/button";
import { ScriptForm } from "@/components/ui/script-form";
import { inputClass } from "@/components/ui/input-class";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

/** Moves a lead on (new → contacted → won | lost) and/or adds a note; the page reloads with the history. */
export function LeadStatusForm({ leadId, status }: { leadId: string; status: LeadStatus }) {
  const router = useRouter();
  const id = useId();
  const { state, errors, send, check } = useSend();
  const choices = [status, ...nextStatuses(status)];
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const valid = check(LeadUpdateSchema, Object.fromEntries(new FormData(form)));
    if (!valid) return;
    if (await send(`/api/admin/leads/${leadId}`, { method: "POST", json: valid }, "Saved.")) {
      form.reset();
      router.refresh();
    }
  };
  return (
    <ScriptForm noValidate onSubmit={submit} className="space-y-3" aria-label="Update lead">
      <StatusLine state={state} testId="lead-update" />
      <label className="block text-sm font-semibold" htmlFor={`${id}-status`}>
        Status
      </label>
      <select
        id={`${id}-status`}
        name="status"
        defaultValue={status}
        key={status}
        className={inputClass}
        aria-invalid={errors.status ? true : undefined}
        aria-describedby={errors.status ? `${id}-status-error` : undefined}
      >
        {choices.map((s) => (
          <option key={s} value={s}>
            {s === status ? `${LEAD_STATUS_LABELS[s]} (now)` : LEAD_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      {errors.status && (
        <p id={`${id}-status-error`} className="text-sm font-semibold text-red-700">
          {errors.status}
        </p>
      )}
      <label className="block text-sm font-semibold" htmlFor={`${id}-note`}>
        Note <span className="font-normal text-neutral-700">(optional with a new status)</span>
      </label>
      <textarea
        id={`${id}-note`}
        name="note"
        rows={3}
        maxLength={2000}
        className={`${inputClass} py-2`}
        aria-invalid={errors.note ? true : undefined}
        aria-describedby={errors.note ? `${id}-note-error` : undefined}
      />
      {errors.note && (
        <p id={`${id}-note-error`} className="text-sm font-semibold text-red-700">
          {errors.note}
        </p>
      )}
      <button type="submit" className={buttonVariants()} disabled={state.kind === "busy"}>
        Save
      </button>
    </ScriptForm>
  );
}
