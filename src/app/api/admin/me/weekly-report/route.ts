// PUT /api/admin/me/weekly-report — the signed-in staff member's weekly report email on or off
import { putWeeklyReport } from "@/server/admin/api/me";

export const dynamic = "force-dynamic";
export const PUT = putWeeklyReport;
