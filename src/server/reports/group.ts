import "server-only";
import { localDay, type ReportRange } from "@/domain/reports/range";
import { groupReport, type GroupReport } from "@/domain/reports/group";
import type { Db } from "@/server/db/client";
import { funnelReport, leadsReport, rangeOf, reportSites } from "./reports";
import { stockCounts } from "./stock";
import { teamReport } from "./team";

/*
 * The group view's numbers. The staff member's sites over one range: the dates are read
 * in the latest of the sites' days (a site a day behind counts its own days up to its today), and
 * each site is counted by its own reports, in its own time zone.
 */

export type GroupReports = { range: ReportRange; group: GroupReport };

/** The group view of these sites (in this order) for a query; the form's messages when it is not valid. */
export async function groupReports(
  db: Db,
  siteIds: readonly number[],
  query: Record<string, string>,
  now: number,
): Promise<GroupReports | { errors: Record<string, string> }> {
  const found = await reportSites(db, siteIds);
  const today =
    found
      .map((s) => localDay(now, s.timezone))
      .sort()
      .at(-1) ?? localDay(now, "UTC");
  const range = rangeOf(query, today);
  if ("errors" in range) return range;
  // what the group view shows of each site: its leads, funnel and team reports, and its stock's counts only
  const parts = await Promise.all(
    siteIds.flatMap((id) => {
      const site = found.find((f) => f.id === id);
      if (!site) return [];
      return [
        Promise.all([
          leadsReport(db, site, range),
          funnelReport(db, site, range),
          // the team's response times run on the wall clock: the leads' stamps are the database's
          teamReport(db, site, range, Date.now()),
          stockCounts(db, site.id),
        ]).then(([leads, funnel, team, stock]) => ({ id, name: site.name, leads, funnel, team, stock })),
      ];
    }),
  );
  return { range, group: groupReport(parts) };
}
