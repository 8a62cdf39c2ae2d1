import { staffTime } from "@/components/admin/format";

export type AuditEntry = { id: number; action: string; subject: string; staffEmail: string; at: Date; before: unknown; after: unknown };

const ACTIONS: Record<string, string> = {
  "opening_hours.update": "Opening hours changed",
  "special_hours.update": "Holiday hours changed",
  "vehicle.update": "Vehicle edited",
  "stock.import": "Stock imported",
  "staff.invite": "Staff invited",
  "staff.role": "Staff role given",
  "staff.remove": "Staff removed",
  "switches.update": "Feature switches changed",
  "lead_delivery.update": "Lead delivery changed",
  "finance.update": "Finance settings changed",
  "content.create": "Content created",
  "content.update": "Content edited",
  "content.delete": "Content deleted",
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
                {ACTIONS[e.action] ?? e.action} · {e.subject}
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
