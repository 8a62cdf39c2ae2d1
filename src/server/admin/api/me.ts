import "server-only";
import { eq } from "drizzle-orm";
import { WeeklyReportSchema } from "@/domain/staff/settings";
import { getDb } from "@/server/db";
import * as t from "@/server/db/schema";
import { json } from "@/server/http/api";
import { adminRoute, jsonBody, parsed } from "./handler";

/** PUT /api/admin/me/weekly-report — {on}: the signed-in staff member's weekly report email on or off. */
export const putWeeklyReport = adminRoute(
  async (req, { staff }) => {
    const body = parsed(WeeklyReportSchema, await jsonBody(req), "Please check the highlighted fields.");
    await (await getDb()).update(t.staffUsers).set({ weeklyReport: body.on }).where(eq(t.staffUsers.id, staff.id));
    return json(200, {
      ok: true,
      weekly_report: body.on,
      message: body.on ? "You will get this summary every Monday morning." : "You will not get the weekly email.",
    });
  },
  { write: true },
);

/** Whether the staff member gets the weekly email. */
export async function weeklyReportOn(staffId: string): Promise<boolean> {
  const [row] = await (await getDb()).select({ on: t.staffUsers.weeklyReport }).from(t.staffUsers).where(eq(t.staffUsers.id, staffId));
  return row?.on ?? false;
}
