import "server-only";
import { localDay, type ReportRange } from "@/domain/reports/range";
import { groupReport, type GroupReport } from "@/domain/reports/group";
import type { Db } from "@/server/db/client";
import { rangeOf, reportSites, reportsOf } from "./reports";

/*
 * Issue 37: the group view's numbers. The staff member's sites over one range: the dates are read
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
  const parts = await Promise.all(
    siteIds.flatMap((id) => {
      const site = found.find((f) => f.id === id);
      return site ? [reportsOf(db, site, range, now).then((r) => ({ id, name: site.name, ...r }))] : [];
    }),
  );
  return {
    range,
    group: groupReport(
      parts.map((p) => ({
        ...p,
        stock: { listed: p.stock.listed, noPhotos: p.stock.noPhotos.length, noPrice: p.stock.noPrice.length },
      })),
    ),
  };
}
