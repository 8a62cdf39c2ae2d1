import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import { localTime } from "@/domain/locations/hours";
import { addDays, localDay, reportRange } from "@/domain/reports/range";
import { weeklyDue, weeklyMail } from "@/domain/reports/weekly";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { siteLog } from "@/server/base/log";
import { getMailer, sendMail, type Mailer } from "@/server/mail/mailer";
import { pollingWorker } from "@/server/base/polling-worker";
import { leadsReport, reportSites } from "./reports";
import { teamReport } from "./team";

/*
 * The weekly email. A worker of every process that takes leads looks, every few minutes,
 * for sites whose last week has not been sent and whose Monday 8 am has come; it claims the week
 * (weekly_reports: one row per site and week, so two processes never send it twice) and mails each
 * owner and manager of the site who has not turned it off.
 */

/** One round; `now` is the server's clock for the site's week, `wallNow` the leads' (the database's) for the timer. */
export async function runWeeklyRound(db: Db, now: number, o: { mailer?: Mailer; adminOrigin: string; wallNow?: number }): Promise<number> {
  // the sites with someone to tell: owners and managers who kept the email on
  const people = await db
    .select({ siteId: t.staffRoles.siteId, email: t.staffUsers.email, name: t.staffUsers.name })
    .from(t.staffRoles)
    .innerJoin(t.staffUsers, eq(t.staffUsers.id, t.staffRoles.userId))
    .where(and(inArray(t.staffRoles.role, ["owner", "manager"]), eq(t.staffUsers.weeklyReport, true)));
  const siteIds = [...new Set(people.map((p) => p.siteId))];
  const sites = await reportSites(db, siteIds);
  const names = new Map(
    (
      await db
        .select({ id: t.sites.id, name: t.sites.name, colours: t.sites.colours, createdAt: t.sites.createdAt })
        .from(t.sites)
        .where(inArray(t.sites.id, siteIds.length ? siteIds : [-1]))
    ).map((s) => [s.id, s]),
  );
  let sent = 0;
  for (const site of sites) {
    const local = localTime(now, site.timezone);
    const created = names.get(site.id)?.createdAt;
    const week = weeklyDue(local, created ? localDay(created, site.timezone) : undefined);
    if (!week) continue;
    const claimed = await db
      .insert(t.weeklyReports)
      .values({ siteId: site.id, week })
      .onConflictDoNothing()
      .returning({ week: t.weeklyReports.week });
    if (!claimed.length) continue;
    const range = reportRange({ from: week, to: addDays(week, 6), by: "day" }, local.date)!;
    const [leads, team] = await Promise.all([leadsReport(db, site, range), teamReport(db, site, range, o.wallNow ?? Date.now())]);
    const info = names.get(site.id);
    const mail = weeklyMail({
      site: { name: info?.name ?? "", colour: info?.colours?.primary ?? "" },
      week,
      total: leads.total,
      previous: leads.previous,
      bySource: leads.bySource,
      topCars: leads.byCar,
      notContacted: team.byStatus.find((s) => s.key === "new")?.now ?? 0,
      waiting: team.waiting
        .slice(0, 5)
        .map((w) => ({ name: w.name, category: w.category, minutes: w.minutes, url: `${o.adminOrigin}/leads/${w.id}` })),
      reportsUrl: `${o.adminOrigin}/sites/${site.id}/reports?from=${week}&to=${addDays(week, 6)}&by=day`,
    });
    for (const p of people.filter((x) => x.siteId === site.id)) {
      if (await sendMail({ to: p.email, from: { name: info?.name ?? "Dealer back-office" }, ...mail }, o.mailer ?? getMailer())) sent++;
    }
    siteLog(site.id).info({ week, people: people.filter((x) => x.siteId === site.id).length }, "weekly report sent");
  }
  return sent;
}

/** The weekly email's worker: a look every 15 minutes (the email goes once a week per site). */
export function startWeeklyWorker(getDbFn: () => Promise<Db>, now: () => number, adminOrigin: () => string, intervalMs = 15 * 60_000) {
  let first = true;
  return pollingWorker({
    name: "weekly report",
    intervalMs,
    wakeDelayMs: 1000,
    round: async () => {
      // the first look is one interval after start, not at once: a restart (or a drill's short-lived
      // processes) never sends mail in its first seconds
      if (first) {
        first = false;
        return false;
      }
      await runWeeklyRound(await getDbFn(), now(), { adminOrigin: adminOrigin() });
      return false;
    },
  });
}
