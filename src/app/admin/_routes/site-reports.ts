import "server-only";
import { groupSiteIds } from "@/domain/staff/roles";
import { requireStaffSite } from "@/server/admin/pages";
import { weeklyReportOn } from "@/server/admin/api/me";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { reportQuery, siteReports } from "@/server/reports/reports";
import { oneParam, type SearchParams, type SiteParams } from "./params";

/** A site's reports over the period its query asks for (managers and owners); null when the site has none. */
export async function loadSiteReports(params: SiteParams, searchParams: SearchParams) {
  const { site, staff } = await requireStaffSite((await params).siteId, "sites/[siteId]/reports");
  const sp = await searchParams;
  const query = reportQuery((k) => oneParam(sp, k) ?? null);
  const db = await getDb();
  let reports = await siteReports(db, site.id, query, serverNow());
  const errors = reports && "errors" in reports ? reports.errors : null;
  // a period that cannot be read: its messages, and the last 30 days meanwhile
  if (errors) reports = await siteReports(db, site.id, {}, serverNow());
  if (!reports || "errors" in reports) return null;
  return {
    site: { id: site.id, name: site.name },
    errors,
    ...reports,
    weeklyOn: await weeklyReportOn(staff.id),
    groupLink: groupSiteIds(staff).length > 1,
  };
}
