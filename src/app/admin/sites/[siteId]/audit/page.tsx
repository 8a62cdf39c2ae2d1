import type { Metadata } from "next";
import { AuditView } from "@/components/admin/views/audit";
import { loadAudit } from "@/app/admin/_routes/audit";
import type { SiteParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Audit log" };

// GET /sites/{siteId}/audit — the latest 100 changes: who, when, what, before and after (managers and owners)
export default async function AuditPage({ params }: { params: SiteParams }) {
  return <AuditView {...await loadAudit(params)} />;
}
