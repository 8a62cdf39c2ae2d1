import { groupCsvRoute } from "@/server/admin/api/reports";

export const dynamic = "force-dynamic";

// GET /api/admin/reports/{report} — one of the group view's tables as CSV ({report}: sites.csv, leads-over-time.csv, leads-by-source.csv, leads-by-type.csv)
export const GET = groupCsvRoute;
