import { staffTime } from "@/components/admin/format";
import { auditAction } from "@/domain/staff/audit";

export type AuditEntry = {
  id: number;
  action: string;
  entity: string;
  subject: string;
  staffEmail: string;
  at: Date;
  before: unknown;
  after: unknown;
};

/** A site's latest 100 changes: who, when, what, before and after. */
export function AuditView({ site, entries }: { site: { name: string; timezone: string }; entries: AuditEntry[] }) {
  return (
    <>
      <h1 className="mb-4 text-2xl font-extrabold">{site.name}: audit log</h1>
      {entries.length === 0 ? (
        <p className="rounded-lg border border-neutral-200 bg-white p-6">No changes yet.</p>
      ) : (
        <ol className="space-y-3" data-testid="audit-list">
          {entries.map((e) => (
            <li key={e.id} className="rounded-lg border border-neutral-200 bg-white p-4" data-testid="audit-entry">
              <p className="font-semibold">
                {auditAction(e.action, e.entity, e.after)} · {e.subject}
              </p>
              <p className="text-sm text-neutral-700">
                {e.staffEmail} · {staffTime(e.at, site.timezone)}
              </p>
              <details className="mt-2 text-sm">
                <summary className="cursor-pointer font-semibold">Before and after</summary>
                <div className="mt-2 grid gap-2 md:grid-cols-2">
                  <pre className="overflow-x-auto rounded bg-neutral-100 p-2 text-xs">{JSON.stringify(e.before, null, 2)}</pre>
                  <pre className="overflow-x-auto rounded bg-neutral-100 p-2 text-xs">{JSON.stringify(e.after, null, 2)}</pre>
                </div>
              </details>
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
