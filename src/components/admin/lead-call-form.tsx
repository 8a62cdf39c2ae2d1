import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import { CALL_OUTCOME_LABELS, CALL_OUTCOMES } from "@/domain/leads/follow-up";
import { StatusLine } from "./status-line";

/**
 * "Log a call": what happened, a note and the day to follow up. A plain form post (it works without
 * JavaScript): the server sends the browser back to the lead, with what was typed and the messages
 * when it was refused (never in the address).
 */
export function LeadCallForm({
  leadId,
  saved,
  refused,
}: {
  leadId: string;
  saved: boolean;
  refused: { errors: Record<string, string>; values: Record<string, string> } | null;
}) {
  const v = refused?.values ?? {};
  const e = refused?.errors ?? {};
  const state = refused
    ? ({ kind: "error", message: e.form ?? "Please check the highlighted fields. Nothing was saved." } as const)
    : saved
      ? ({ kind: "done", message: "Call logged." } as const)
      : ({ kind: "idle" } as const);
  const describe = (name: string) => (e[name] ? { "aria-invalid": true as const, "aria-describedby": `call-${name}-error` } : {});
  const error = (name: string) =>
    e[name] && (
      <p id={`call-${name}-error`} className="text-sm font-semibold text-red-700">
        {e[name]}
      </p>
    );
  return (
    <form method="post" action={`/api/admin/leads/${leadId}/calls`} className="space-y-3" aria-label="Log a call" id="log-call">
      <StatusLine state={state} testId="log-call" />
      <fieldset className="space-y-1" {...describe("outcome")}>
        <legend className="text-sm font-semibold">What happened</legend>
        <div className="grid grid-cols-2 gap-2">
          {CALL_OUTCOMES.map((o) => (
            <label
              key={o}
              className="flex min-h-11 items-center gap-2 rounded-md border border-neutral-300 px-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-neutral-50"
            >
              <input type="radio" name="outcome" value={o} defaultChecked={v.outcome === o} className="size-5 shrink-0" />
              {CALL_OUTCOME_LABELS[o]}
            </label>
          ))}
        </div>
        {error("outcome")}
      </fieldset>
      <label className="block text-sm font-semibold" htmlFor="call-follow_up_on">
        Follow up on <span className="font-normal text-neutral-700">(optional)</span>
      </label>
      <input
        id="call-follow_up_on"
        type="date"
        name="follow_up_on"
        defaultValue={v.follow_up_on ?? ""}
        className={inputClass}
        {...describe("follow_up_on")}
      />
      {error("follow_up_on")}
      <label className="block text-sm font-semibold" htmlFor="call-note">
        Note <span className="font-normal text-neutral-700">(optional)</span>
      </label>
      <textarea
        id="call-note"
        name="note"
        rows={2}
        maxLength={2000}
        defaultValue={v.note ?? ""}
        className={`${inputClass} py-2`}
        {...describe("note")}
      />
      {error("note")}
      <button type="submit" className={buttonVariants()}>
        Save call
      </button>
    </form>
  );
}
