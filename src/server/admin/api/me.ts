import "server-only";
import { WeeklyReportSchema } from "@/domain/staff/settings";
import { getDb } from "@/server/db";
import { json } from "@/server/http/api";
import { getWeeklyReport, setWeeklyReport } from "@/server/repositories/staff";
import { adminRoute, jsonBody, parsed } from "./handler";

/** PUT /api/admin/me/weekly-report — {on}: the signed-in staff member's weekly report email on or off. */
export const putWeeklyReport = adminRoute(
  async (req, { staff }) => {
    const body = parsed(WeeklyReportSchema, await jsonBody(req), "Please check the highlighted fields.");
    await setWeeklyReport(await getDb(), staff.id, body.on);
    return json(200, {
      ok: true,
      weekly_report: body.on,
      message: body.on ? "You will get this summary every Monday morning." : "You will not get the weekly email.",
    });
  },
  { signedIn: "their own setting", write: true },
);

/** Whether the staff member gets the weekly email. */
export async function weeklyReportOn(staffId: string): Promise<boolean> {
  return getWeeklyReport(await getDb(), staffId);
}
