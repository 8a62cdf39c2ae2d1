import { BackLink } from "@/components/admin/back-link";
import { staffTime } from "@/components/admin/format";
import { ImportPlanPanel, StockImportForm, type CheckedImport } from "@/components/admin/stock-forms";
import type { ImportPhotoReport } from "@/domain/stock/import";

export type RecentImport = {
  id: number;
  source: string;
  full: boolean;
  status: string;
  report: unknown;
  createdAt: Date;
  photos: ImportPhotoReport | undefined;
};

const STATUS: Record<string, string> = {
  checked: "Checked, not applied",
  held: "Held for confirmation",
  applied: "Applied",
  rejected: "Rejected",
};

/** A CSV checked line by line, then applied; the latest import held for confirmation, and the recent imports. */
export function StockImportView({ site, recent }: { site: { id: number; name: string; timezone: string }; recent: RecentImport[] }) {
  const held = recent.filter((r) => r.status === "held").slice(0, 1);
  return (
    <div className="max-w-3xl">
      <BackLink href={`/sites/${site.id}/stock`}>Stock</BackLink>
      <h1 className="mb-4 text-2xl font-extrabold">{site.name}: import stock</h1>
      {held.length > 0 && (
        <section aria-labelledby="held" className="mb-6 space-y-3">
          <h2 id="held" className="text-lg font-bold">
            Waiting for your confirmation
          </h2>
          {held.map((r) => (
            <div key={r.id}>
              <p className="mb-1 text-sm">
                {r.source === "feed" ? "DMS feed" : "CSV"} of {staffTime(r.createdAt, site.timezone)}
              </p>
              <ImportPlanPanel siteId={site.id} checked={{ id: r.id, status: "held", report: r.report as CheckedImport["report"] }} />
            </div>
          ))}
        </section>
      )}
      <div className="rounded-lg border border-neutral-200 bg-white p-5">
        <StockImportForm siteId={site.id} />
      </div>
      {recent.length > 0 && (
        <section aria-labelledby="recent" className="mt-6">
          <h2 id="recent" className="mb-2 text-lg font-bold">
            Recent imports
          </h2>
          <ul className="divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white text-sm">
            {recent.map((r) => (
              <li key={r.id} className="p-3" data-testid="recent-import">
                {staffTime(r.createdAt, site.timezone)} · {r.source === "feed" ? "DMS feed" : "CSV"}
                {r.full ? " (whole stock)" : ""} · {STATUS[r.status] ?? r.status}
                <PhotoReport report={r.photos} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** What became of an import's photos: fetched, already held, still waiting, and each one that could not be fetched. */
function PhotoReport({ report: p }: { report: ImportPhotoReport | undefined }) {
  if (!p) return null;
  const fetched = p.downloaded + p.unchanged;
  return (
    <div className="mt-1" data-testid="import-photos">
      <p>
        Photos: {fetched} of {p.total} in place ({p.downloaded} downloaded, {p.unchanged} unchanged)
        {p.pending ? `, ${p.pending} still being fetched` : ""}
        {p.failed.length ? `, ${p.failed.length} could not be fetched:` : "."}
      </p>
      {p.failed.length ? (
        <ul className="mt-1 list-disc pl-5 text-red-800">
          {p.failed.map((f) => (
            <li key={`${f.stockNumber} ${f.url}`} className="break-all" data-testid="import-photo-failed">
              {f.stockNumber}: {f.url} ({f.reason})
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
