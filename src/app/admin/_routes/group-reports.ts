import "server-only";
import { forbidden, notFound } from "next/navigation";
import { groupSiteIds } from "@/domain/staff/roles";
import { requireStaff } from "@/server/admin/pages";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { groupReports } from "@/server/reports/group";
import { reportQuery } from "@/server/reports/reports";
import { oneParam, type SearchParams } from "./params";

/** Every site where the staff member reads reports, over one period; a 403 for sales only, a 404 for an operator (who has the console). */
export async function loadGroupReports(searchParams: SearchParams) {
  const staff = await requireStaff();
  if (staff.operator) notFound();
  const ids = groupSiteIds(staff);
  if (!ids.length) forbidden();
  const sp = await searchParams;
  const query = reportQuery((k) => oneParam(sp, k) ?? null);
  const db = await getDb();
  let reports = await groupReports(db, ids, query, serverNow());
  const errors = "errors" in reports ? reports.errors : null;
  // a period that cannot be read: its messages, and the last 30 days meanwhile
  if (errors) reports = await groupReports(db, ids, {}, serverNow());
  if ("errors" in reports) return null;
  return { errors, ...reports };
}
