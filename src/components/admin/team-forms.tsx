"use client";

import { useRouter } from "next/navigation";
import { useId, type FormEvent } from "react";
import { InviteSchema, STAFF_ROLES } from "@/domain/staff/roles";
import { buttonVariants } from "@/components/ui/button";
import { ScriptForm } from "@/components/ui/script-form";
import { inputClass } from "@/components/ui/input-class";
import { TextField } from "@/components/ui/text-field";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

const ROLE_TEXT = {
  owner: "Owner: everything, and the team",
  manager: "Manager: leads, stock and settings",
  sales: "Sales: leads",
} as const;

/** An owner invites someone by email with a role on this site. */
export function InviteForm({ siteId }: { siteId: number }) {
  const router = useRouter();
  const id = useId();
  const { state, errors, send, check } = useSend();
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const valid = check(InviteSchema, Object.fromEntries(new FormData(form)));
    if (!valid) return;
    if (await send(`/api/admin/sites/${siteId}/invitations`, { method: "POST", json: valid })) {
      form.reset();
      router.refresh();
    }
  };
  return (
    <ScriptForm noValidate onSubmit={submit} className="space-y-3" aria-label="Invite staff">
      <StatusLine state={state} testId="invite" />
      <TextField name="email" label="Email" type="email" autoComplete="off" error={errors.email} required />
      <label htmlFor={`${id}-role`} className="block text-sm font-semibold">
        Role
      </label>
      <select id={`${id}-role`} name="role" defaultValue="sales" className={inputClass}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_TEXT[r]}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonVariants()} disabled={state.kind === "busy"}>
        Send invitation
      </button>
    </ScriptForm>
  );
}

export function RemoveStaffButton({ siteId, userId, name }: { siteId: number; userId: string; name: string }) {
  const router = useRouter();
  const { state, send } = useSend();
  return (
    <span>
      <button
        type="button"
        className={buttonVariants({ variant: "ghost", size: "sm" })}
        onClick={async () => {
          if (!window.confirm(`Remove ${name} from this site?`)) return;
          if (await send(`/api/admin/sites/${siteId}/staff/${encodeURIComponent(userId)}`, { method: "DELETE" })) router.refresh();
        }}
      >
        Remove {name}
      </button>
      {state.kind === "error" && (
        <span role="alert" className="text-sm font-semibold text-red-700">
          {state.message}
        </span>
      )}
    </span>
  );
}
