"use client";

import { useRouter } from "next/navigation";
import { useId, type FormEvent } from "react";
import { LeadAssignSchema } from "@/domain/staff/roles";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

/** A manager gives the lead to someone of the site's team; they get an email with the link. */
export function AssignForm({
  leadId,
  team,
  current,
}: {
  leadId: string;
  team: Array<{ id: string; name: string; role: string }>;
  current: string | null;
}) {
  const router = useRouter();
  const id = useId();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const valid = check(LeadAssignSchema, Object.fromEntries(new FormData(e.currentTarget)));
    if (!valid) return;
    if (await send(`/api/admin/leads/${leadId}/assign`, { method: "POST", json: valid })) router.refresh();
  };
  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label="Assign lead">
      <StatusLine state={state} testId="lead-assign" />
      <label className="block text-sm font-semibold" htmlFor={`${id}-staff`}>
        Assign to
      </label>
      <select
        id={`${id}-staff`}
        name="staff_id"
        defaultValue={current ?? ""}
        className={inputClass}
        aria-invalid={errors.staff_id ? true : undefined}
        aria-describedby={errors.staff_id ? `${id}-error` : undefined}
      >
        <option value="" disabled>
          Choose someone
        </option>
        {team.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name} ({m.role})
          </option>
        ))}
      </select>
      {errors.staff_id && (
        <p id={`${id}-error`} className="text-sm font-semibold text-red-700">
          {errors.staff_id}
        </p>
      )}
      <button type="submit" className={buttonVariants({ size: "sm" })} disabled={state.kind === "busy"}>
        Assign
      </button>
    </form>
  );
}
