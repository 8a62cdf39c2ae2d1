import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { addDays, localDay } from "@/domain/reports/range";
import { CHANNELS, sourceOf, type Channel } from "@/domain/reports/source";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { rowsOf } from "@/server/repositories/row";
import { log } from "@/server/base/log";
import { pollingWorker } from "@/server/base/polling-worker";
import { onDays } from "./period";
import { reportSites, type ReportSite } from "./reports";

/*
 * The visits rollup (report_visits) kept current as events arrive. Each round finds the
 * events taken since the last (by id, a watermark in `meta`), works out again every local day of
 * each site that had any, and moves the watermark on. A day is worked out whole from its raw events
 * (idempotent: two processes doing the same day write the same rows). Raw events are kept 13
 * months, then deleted; the rollup stays.
 */

const WATERMARK = "report_rollup_event_id";
const PURGED = "report_events_purged_at";
export const EVENTS_KEPT_MONTHS = 13;

type SessionRow = {
  first_url: string | null;
  first_referrer: string | null;
  searched: boolean;
  viewed: boolean;
  enquired: boolean;
  reserved: boolean;
};

/** The local day's bounds as SQL instants in the site's time zone. */

/** The tracked parameters of an event's page address (gclid, fbclid and the utm ones), for sourceOf. */
function paramsOf(url: string | null): Record<string, string> {
  try {
    const q = new URL(url ?? "", "http://x.invalid").searchParams;
    return Object.fromEntries(
      ["gclid", "fbclid", "utm_source", "utm_medium", "utm_campaign"].flatMap((k) => (q.get(k) ? [[k, q.get(k)!]] : [])),
    );
  } catch {
    return {};
  }
}

/** Works out one site's local days again from the raw events (each day in its own transaction). */
export async function rollUpDays(db: Db, site: ReportSite, days: readonly string[]): Promise<void> {
  const e = t.analyticsEvents;
  for (const day of days) {
    const result = await db.execute(sql`
      select (array_agg(${e.url} order by ${e.createdAt}, ${e.id}))[1] as first_url,
             (array_agg(${e.properties}->>'referrer' order by ${e.createdAt}, ${e.id}))[1] as first_referrer,
             bool_or(${e.eventId} = 1 and ${e.url} like '%/search/%') or bool_or(${e.eventId} in (2, 3, 4, 5)) as searched,
             bool_or(${e.eventId} = 8) as viewed,
             bool_or(${e.eventId} = 22) as enquired,
             bool_or(${e.eventId} = 57) as reserved
        from ${e}
       where ${e.siteId} = ${site.id}
         and ${onDays(e.createdAt, day, day, site.timezone)}
       group by ${e.sessionId}`);
    const totals = new Map<
      Channel,
      { visits: number; searchVisits: number; vehicleVisits: number; enquiryVisits: number; reservationVisits: number }
    >();
    for (const s of rowsOf<SessionRow>(result)) {
      const { channel } = sourceOf({ params: paramsOf(s.first_url), referrer: s.first_referrer, ownHosts: site.hosts });
      const row = totals.get(channel) ?? { visits: 0, searchVisits: 0, vehicleVisits: 0, enquiryVisits: 0, reservationVisits: 0 };
      row.visits += 1;
      row.searchVisits += s.searched ? 1 : 0;
      row.vehicleVisits += s.viewed ? 1 : 0;
      row.enquiryVisits += s.enquired ? 1 : 0;
      row.reservationVisits += s.reserved ? 1 : 0;
      totals.set(channel, row);
    }
    // each car's vehicle page views that day (event 8 names its car)
    const views = rowsOf<{ slug: string; views: number }>(
      await db.execute(sql`
        select ${e.properties}->>'car_slug' as slug, count(*)::int as views
          from ${e}
         where ${e.siteId} = ${site.id} and ${e.eventId} = 8
           and ${onDays(e.createdAt, day, day, site.timezone)}
           and ${e.properties}->>'car_slug' is not null
         group by 1`),
    ).filter((v) => typeof v.slug === "string" && v.slug.length <= 200);
    await db.transaction(async (tx) => {
      await tx.delete(t.reportVisits).where(and(eq(t.reportVisits.siteId, site.id), eq(t.reportVisits.day, day)));
      const rows = CHANNELS.filter((c) => totals.has(c)).map((c) => ({ siteId: site.id, day, channel: c, ...totals.get(c)! }));
      if (rows.length) await tx.insert(t.reportVisits).values(rows);
      await tx.delete(t.reportVehicleViews).where(and(eq(t.reportVehicleViews.siteId, site.id), eq(t.reportVehicleViews.day, day)));
      for (let i = 0; i < views.length; i += 500)
        await tx
          .insert(t.reportVehicleViews)
          .values(views.slice(i, i + 500).map((v) => ({ siteId: site.id, day, vehicleSlug: v.slug, views: Number(v.views) })));
    });
  }
}

/** Every local day from the first to the last instant, in the site's time zone. */
export function localDays(first: Date, last: Date, timezone: string): string[] {
  const [from, to] = [localDay(first, timezone), localDay(last, timezone)];
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 800; d = addDays(d, 1)) out.push(d);
  return out;
}

/**
 * One round: the days that had events since the watermark, worked out again, and the watermark
 * moved to the newest event seen. Once a day, events older than 13 months are deleted. True when
 * there was anything to do.
 */
export async function refreshRollups(db: Db, now: number): Promise<boolean> {
  const e = t.analyticsEvents;
  const [mark] = await db.select().from(t.meta).where(eq(t.meta.key, WATERMARK));
  const after = Number(mark?.value ?? 0);
  const [top] = await db.select({ id: sql<number>`coalesce(max(${e.id}), 0)` }).from(e);
  const upTo = Number(top?.id ?? 0);
  if (upTo > after) {
    const touched = rowsOf<{ site_id: number; first: string; last: string }>(
      await db.execute(sql`
        select ${e.siteId} as site_id, min(${e.createdAt}) as first, max(${e.createdAt}) as last
          from ${e} where ${e.id} > ${after} and ${e.id} <= ${upTo} group by ${e.siteId}`),
    );
    const sites = new Map(
      (
        await reportSites(
          db,
          touched.map((r) => Number(r.site_id)),
        )
      ).map((s) => [s.id, s]),
    );
    for (const r of touched) {
      const site = sites.get(Number(r.site_id));
      if (site) await rollUpDays(db, site, localDays(new Date(r.first), new Date(r.last), site.timezone));
    }
    await db
      .insert(t.meta)
      .values({ key: WATERMARK, value: String(upTo) })
      .onConflictDoUpdate({ target: t.meta.key, set: { value: String(upTo) } });
  }
  await purgeOldEvents(db, now);
  return upTo > after;
}

/** Raw events older than 13 months are deleted, at most once a day (the rollup keeps their counts). */
export async function purgeOldEvents(db: Db, now: number): Promise<number> {
  const [last] = await db.select().from(t.meta).where(eq(t.meta.key, PURGED));
  if (last && now - Number(last.value) < 86_400_000) return 0;
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - EVENTS_KEPT_MONTHS);
  const gone = await db.delete(t.analyticsEvents).where(lt(t.analyticsEvents.createdAt, cutoff)).returning({ id: t.analyticsEvents.id });
  await db
    .insert(t.meta)
    .values({ key: PURGED, value: String(now) })
    .onConflictDoUpdate({ target: t.meta.key, set: { value: String(now) } });
  return gone.length;
}

/** The rollup worker of this process: a round a minute (events arrive all day; a report is at most a minute behind). */
export function startRollupWorker(getDbFn: () => Promise<Db>, now: () => number, intervalMs = 60_000) {
  return pollingWorker({
    name: "report rollups",
    intervalMs,
    wakeDelayMs: 1000,
    round: async () => {
      try {
        await refreshRollups(await getDbFn(), now());
      } catch (err) {
        log.warn({ err: (err as Error).message }, "report rollups: a round failed");
      }
      return false;
    },
  });
}
