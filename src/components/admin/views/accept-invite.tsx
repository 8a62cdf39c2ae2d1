import { AcceptInviteForm } from "@/components/admin/auth-forms";
import { STAFF_MSG } from "@/domain/staff/roles";

export type Invitation = { token: string; email: string; siteName: string; existing: boolean };

/** An owner's invitation: a form to join the site, or why the link no longer works. */
export function AcceptInviteView({
  invitation,
  refused = null,
}: {
  invitation: Invitation | null;
  /** a refused plain post of the form: the name typed and the messages */
  refused?: { errors: Record<string, string>; values: Record<string, string> } | null;
}) {
  return (
    <div className="mx-auto max-w-md rounded-lg border border-neutral-200 bg-white p-6">
      <h1 className="mb-3 text-2xl font-extrabold">{invitation ? `Join ${invitation.siteName}` : "Invitation"}</h1>
      {invitation ? (
        <AcceptInviteForm token={invitation.token} email={invitation.email} existing={invitation.existing} refused={refused} />
      ) : (
        <p role="alert" className="rounded-md border border-red-700 bg-red-50 p-3 font-semibold text-red-800">
          {STAFF_MSG.inviteBad}
        </p>
      )}
    </div>
  );
}
