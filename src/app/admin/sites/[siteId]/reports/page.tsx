import type { Metadata } from "next";
import { SiteReportsView } from "@/components/admin/views/site-reports";
import type { SearchParams, SiteParams } from "@/app/admin/_routes/params";
import { loadSiteReports } from "@/app/admin/_routes/site-reports";

export const metadata: Metadata = { title: "Reports" };

// GET /sites/{siteId}/reports?preset=|from=&to=&by= — what the site brings in: leads over time and by source, type, location and car, the team's response, and the funnel (managers and owners)
export default async function ReportsPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const reports = await loadSiteReports(params, searchParams);
  return reports && <SiteReportsView {...reports} />;
}
