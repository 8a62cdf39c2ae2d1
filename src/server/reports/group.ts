import "server-only";
import { localDay, type ReportRange } from "@/domain/reports/range";
import { groupReport, type GroupReport } from "@/domain/reports/group";
import type { Db } from "@/server/db/client";
import { funnelReport, leadsReport, rangeOf, reportSites, siteRange } from "./reports";
import { stockCounts } from "./stock";
import { teamReport } from "./team";

/*
 * The group view's numbers. Each site's row is that site's own report for the same query: its
 * period in its own days (siteRange, as the site's reports page reads it), so "last 30 days" of a
 * site in Victoria ends on its today even while New Zealand is already a day ahead. The group's
 * dates, on which the chart is drawn, are those of the latest of the sites' days.
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
      const own = siteRange(query, site, now);
      // the query was read above: a site's own range of it is valid too
      if ("errors" in own) return [];
      return [
        Promise.all([
          leadsReport(db, site, own, range),
          funnelReport(db, site, own),
          // the team's response times run on the wall clock: the leads' stamps are the database's
          teamReport(db, site, own, Date.now()),
          stockCounts(db, site.id),
        ]).then(([leads, funnel, team, stock]) => ({ id, name: site.name, leads, funnel, team, stock })),
      ];
    }),
  );
  return { range, group: groupReport(parts) };
}
