import "server-only";
import { groupCsv, isGroupCsv } from "@/domain/reports/group";
import { isReportCsv, reportCsv } from "@/domain/reports/report";
import { groupSiteIds, STAFF_MSG } from "@/domain/staff/roles";
import { groupReports } from "@/server/reports/group";
import { serverNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { HttpError } from "@/server/http/api";
import { reportQuery, siteReports } from "@/server/reports/reports";
import { adminRoute } from "./handler";

/**
 * GET /api/admin/sites/{siteId}/reports/{name}.csv?preset=|from=&to=&by= — one report's
 * numbers as CSV, the same as its chart and table: managers and owners of the site (403 for
 * another site's), 404 for an unknown report, 422 with the form's messages for a bad range.
 */
export const reportCsvRoute = adminRoute<{ siteId: string; report: string }>(
  async (req, { params, siteId }) => {
    const name = params.report.endsWith(".csv") ? params.report.slice(0, -4) : "";
    if (!isReportCsv(name)) throw new HttpError(404, "No such report.");
    const url = new URL(req.url);
    const reports = await siteReports(
      await getDb(),
      siteId,
      reportQuery((k) => url.searchParams.get(k)),
      serverNow(),
    );
    if (!reports) throw new HttpError(404, "Not found.");
    if ("errors" in reports) throw new HttpError(422, "Please check the period.", {}, reports.errors);
    return csvResponse(
      reportCsv(name, reports.leads, reports.funnel, reports.team, reports.stock),
      `${name}-${reports.range.from}-to-${reports.range.to}.csv`,
    );
  },
  { permission: "reports.read" },
);

/** A report's CSV as a download, never cached. */
const csvResponse = (body: string, filename: string) =>
  new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
      "x-content-type-options": "nosniff",
    },
  });

/**
 * GET /api/admin/reports/{name}.csv?preset=|from=&to=&by= — one of the group view's
 * tables as CSV: the sites where the staff member reads reports (403 when there are none, and for
 * an operator, whose list of every site is the console), 404 for an unknown table, 422 for a bad range.
 */
export const groupCsvRoute = adminRoute<{ report: string }>(
  async (req, { staff, params }) => {
    const ids = groupSiteIds(staff);
    if (!ids.length) throw new HttpError(403, STAFF_MSG.forbidden);
    const name = params.report.endsWith(".csv") ? params.report.slice(0, -4) : "";
    if (!isGroupCsv(name)) throw new HttpError(404, "No such report.");
    const url = new URL(req.url);
    const reports = await groupReports(
      await getDb(),
      ids,
      reportQuery((k) => url.searchParams.get(k)),
      serverNow(),
    );
    if ("errors" in reports) throw new HttpError(422, "Please check the period.", {}, reports.errors);
    return csvResponse(groupCsv(name, reports.group), `group-${name}-${reports.range.from}-to-${reports.range.to}.csv`);
  },
  { signedIn: "the sites of their group where they read reports, 403 for none" },
);
