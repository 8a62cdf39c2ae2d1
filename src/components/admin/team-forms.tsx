"use client";

import { useRouter } from "next/navigation";
import { STAFF_MSG, STAFF_ROLES } from "@/domain/staff/roles";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import { TextField } from "@/components/ui/text-field";
import { StatusLine } from "./status-line";
import { useSend } from "./use-send";

const ROLE_TEXT = {
  owner: "Owner: everything, and the team",
  manager: "Manager: leads, stock and settings",
  sales: "Sales: leads",
} as const;

/**
 * An owner invites someone by email with a role on this site. A plain form post (it works without
 * JavaScript, and an email never goes into an address): the server sends the browser back to the team
 * saying it was sent, or with what was typed and the messages when it was refused.
 */
export function InviteForm({
  siteId,
  sent = false,
  refused = null,
}: {
  siteId: number;
  sent?: boolean;
  refused?: { errors: Record<string, string>; values: Record<string, string> } | null;
}) {
  const v = refused?.values ?? {};
  const errors = refused?.errors ?? {};
  const state = refused
    ? ({ kind: "error", message: errors.form ?? "Please check the highlighted fields." } as const)
    : sent
      ? ({ kind: "done", message: STAFF_MSG.inviteSent } as const)
      : ({ kind: "idle" } as const);
  const role = (STAFF_ROLES as readonly string[]).includes(v.role ?? "") ? v.role : "sales";
  return (
    <form method="post" action={`/api/admin/sites/${siteId}/invitations`} noValidate className="space-y-3" aria-label="Invite staff">
      <StatusLine state={state} testId="invite" />
      <TextField name="email" label="Email" type="email" autoComplete="off" defaultValue={v.email ?? ""} error={errors.email} required />
      <label htmlFor="invite-role" className="block text-sm font-semibold">
        Role
      </label>
      <select id="invite-role" name="role" defaultValue={role} className={inputClass}>
        {STAFF_ROLES.map((r) => (
          <option key={r} value={r}>
            {ROLE_TEXT[r]}
          </option>
        ))}
      </select>
      <button type="submit" className={buttonVariants()}>
        Send invitation
      </button>
    </form>
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
