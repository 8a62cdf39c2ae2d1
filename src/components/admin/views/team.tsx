import { staffTime } from "@/components/admin/format";
import { InviteForm, RemoveStaffButton } from "@/components/admin/team-forms";

export type TeamProps = {
  site: { id: number; name: string; timezone: string };
  /** the signed-in owner, who cannot remove themselves */
  me: string;
  members: Array<{ id: string; name: string; email: string; role: string }>;
  invitations: Array<{ id: number; email: string; role: string; expiresAt: Date }>;
  /** the invite form's last plain post: sent, or refused with what was typed and the messages */
  invite?: { sent: boolean; refused: { errors: Record<string, string>; values: Record<string, string> } | null };
};

/** Who works on the site, open invitations, and a new invitation. */
export function TeamView({ site, me, members, invitations, invite }: TeamProps) {
  return (
    <div className="grid max-w-5xl gap-6 lg:grid-cols-2">
      <section aria-labelledby="team">
        <h1 id="team" className="mb-3 text-2xl font-extrabold">
          {site.name}: team
        </h1>
        <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white" data-testid="team-list">
          {members.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <span>
                <span className="block font-semibold">{m.name}</span>
                <span className="block text-sm text-neutral-700">
                  {m.email} · {m.role}
                </span>
              </span>
              {m.id !== me && <RemoveStaffButton siteId={site.id} userId={m.id} name={m.name} />}
            </li>
          ))}
        </ul>
        {invitations.length > 0 && (
          <>
            <h2 className="mb-2 mt-5 text-lg font-bold">Invited, not yet joined</h2>
            <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white text-sm" data-testid="invitations">
              {invitations.map((i) => (
                <li key={i.id} className="p-3">
                  {i.email} · {i.role} · link works until {staffTime(i.expiresAt, site.timezone)}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <section aria-labelledby="invite" className="rounded-lg border border-neutral-200 bg-white p-5">
        <h2 id="invite" className="mb-3 text-lg font-bold">
          Invite someone
        </h2>
        <InviteForm siteId={site.id} sent={invite?.sent ?? false} refused={invite?.refused ?? null} />
      </section>
    </div>
  );
}
