import { reportCsvRoute } from "@/server/admin/api/reports";

export const dynamic = "force-dynamic";

// GET /api/admin/sites/{siteId}/reports/{report} — one report as CSV ({report}: leads-by-source.csv, funnel.csv, …)
export const GET = reportCsvRoute;
