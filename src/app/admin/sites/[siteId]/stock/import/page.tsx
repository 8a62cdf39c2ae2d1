import type { Metadata } from "next";
import { BackLink } from "@/components/admin/back-link";
import { staffTime } from "@/components/admin/format";
import { ImportPlanPanel, StockImportForm, type CheckedImport } from "@/components/admin/stock-forms";
import { requireStaffSite } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listImports } from "@/server/repositories/imports";
import { importPhotoReports, type ImportPhotoReport } from "@/server/repositories/photo-fetches";

export const metadata: Metadata = { title: "Import stock" };

const STATUS: Record<string, string> = {
  checked: "Checked, not applied",
  held: "Held for confirmation",
  applied: "Applied",
  rejected: "Rejected",
};

// GET /sites/{siteId}/stock/import — a CSV checked line by line, then applied (managers and owners)
export default async function ImportPage({ params }: { params: Promise<{ siteId: string }> }) {
  const { site } = await requireStaffSite((await params).siteId, "stock.edit");
  const db = await getDb();
  const recent = await listImports(db, site.id);
  const photos = await importPhotoReports(
    db,
    site.id,
    recent.map((r) => r.id),
  );
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
                <PhotoReport report={photos.get(r.id)} />
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
