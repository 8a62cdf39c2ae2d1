import { LEAD_STATUS_LABELS, nextStatuses, type LeadStatus } from "@/domain/staff/roles";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import { StatusLine } from "./status-line";

/**
 * Moves a lead on (new → contacted → won | lost) and/or adds a note. A plain form post (it works
 * without JavaScript, and a note never goes into an address): the server sends the browser back to
 * the lead with its history, or with what was typed and the messages when it was refused.
 */
export function LeadStatusForm({
  leadId,
  status,
  saved = false,
  refused = null,
}: {
  leadId: string;
  status: LeadStatus;
  saved?: boolean;
  refused?: { errors: Record<string, string>; values: Record<string, string> } | null;
}) {
  const choices = [status, ...nextStatuses(status)];
  const v = refused?.values ?? {};
  const errors = refused?.errors ?? {};
  const state = refused
    ? ({ kind: "error", message: errors.form ?? "Please check the highlighted fields. Nothing was saved." } as const)
    : saved
      ? ({ kind: "done", message: "Saved." } as const)
      : ({ kind: "idle" } as const);
  const chosen = v.status && (choices as string[]).includes(v.status) ? v.status : status;
  return (
    <form method="post" action={`/api/admin/leads/${leadId}`} className="space-y-3" aria-label="Update lead">
      <StatusLine state={state} testId="lead-update" />
      <label className="block text-sm font-semibold" htmlFor="update-status">
        Status
      </label>
      <select
        id="update-status"
        name="status"
        defaultValue={chosen}
        key={status}
        className={inputClass}
        aria-invalid={errors.status ? true : undefined}
        aria-describedby={errors.status ? "update-status-error" : undefined}
      >
        {choices.map((s) => (
          <option key={s} value={s}>
            {s === status ? `${LEAD_STATUS_LABELS[s]} (now)` : LEAD_STATUS_LABELS[s]}
          </option>
        ))}
      </select>
      {errors.status && (
        <p id="update-status-error" className="text-sm font-semibold text-red-700">
          {errors.status}
        </p>
      )}
      <label className="block text-sm font-semibold" htmlFor="update-note">
        Note <span className="font-normal text-neutral-700">(optional with a new status)</span>
      </label>
      <textarea
        id="update-note"
        name="note"
        rows={3}
        maxLength={2000}
        defaultValue={v.note ?? ""}
        className={`${inputClass} py-2`}
        aria-invalid={errors.note ? true : undefined}
        aria-describedby={errors.note ? "update-note-error" : undefined}
      />
      {errors.note && (
        <p id="update-note-error" className="text-sm font-semibold text-red-700">
          {errors.note}
        </p>
      )}
      <button type="submit" className={buttonVariants()}>
        Save
      </button>
    </form>
  );
}
