import "server-only";
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import {
  addDays,
  bucketLabel,
  bucketOf,
  buckets,
  daysBetween,
  localDay,
  reportRange,
  ReportQuerySchema,
  type ReportRange,
} from "@/domain/reports/range";
import { fieldErrors } from "@/domain/http/field-errors";
import { FUNNEL_STEPS, type Count, type FunnelReport, type LeadsReport } from "@/domain/reports/report";
import { CHANNEL_LABELS, CHANNELS, sourceOf } from "@/domain/reports/source";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { rowsOf } from "@/server/repositories/row";
import { onDays } from "./period";
import { teamReport, type TeamReport } from "./team";
import { stockReport, type StockReport } from "./stock";

/*
 * The numbers behind the back-office's reports, for one site and a period with the
 * period before it. Leads are read as stored (a year of a busy dealer's is a few thousand rows, and
 * each lead carries its own source); visits come from the rollup (report_visits). Every query
 * carries the site.
 */

export type ReportSite = { id: number; name: string; timezone: string; hosts: string[] };

type LeadRow = {
  day: string;
  category: string;
  location: string | null;
  car_type: string | null;
  make: string | null;
  vehicle_id: number | null;
  year: number | null;
  model: string | null;
  params: Record<string, unknown> | null;
  referrer: string | null;
};

const CONDITIONS: Record<string, string> = { new: "New", demo: "Demo", used: "Used" };

/** Counts by key in the period and the one before, largest first (ties by label), at most `limit`. */
function tally(rows: Array<{ key: string; label: string; before: boolean }>, limit = 50): Count[] {
  const m = new Map<string, Count>();
  for (const r of rows) {
    const c = m.get(r.key) ?? { key: r.key, label: r.label, now: 0, before: 0 };
    if (r.before) c.before += 1;
    else c.now += 1;
    m.set(r.key, c);
  }
  return [...m.values()].sort((a, b) => b.now - a.now || b.before - a.before || a.label.localeCompare(b.label)).slice(0, limit);
}

/**
 * The leads report: over time (with the previous period laid over it), and by source, campaign,
 * enquiry type, location and car. `chart` is the period the series is drawn on (the group view
 * draws every site on its own dates: a site a day behind has its days laid on them, the n-th day of
 * its period on the n-th day of the chart); the site's own period unless told.
 */
export async function leadsReport(db: Db, site: ReportSite, range: ReportRange, chart: ReportRange = range): Promise<LeadsReport> {
  const l = t.leads;
  const tz = site.timezone;
  const result = await db.execute(sql`
    select to_char(${l.createdAt} at time zone ${tz}, 'YYYY-MM-DD') as day,
           ${l.category} as category,
           loc.name as location,
           v.car_type, v.make, v.id as vehicle_id, v.year, v.model,
           ${l.payload}->'linked_query_params' as params,
           ${l.payload}->>'first_referrer' as referrer
      from ${l}
      left join ${t.locations} loc on loc.site_id = ${l.siteId} and loc.id = ${l.locationId}
      left join ${t.vehicles} v on v.site_id = ${l.siteId} and v.id = ${l.vehicleId}
     where ${l.siteId} = ${site.id} and not ${l.isMock}
       and ${onDays(l.createdAt, range.previous.from, range.to, tz)}`);
  const rows = rowsOf<LeadRow>(result).map((r) => ({ ...r, before: r.day < range.from }));
  const points = new Map(
    buckets(chart.from, chart.to, chart.by).map((b) => [b, { bucket: b, label: bucketLabel(b, chart.by), now: 0, before: 0 }]),
  );
  const shift = daysBetween(range.from, chart.from);
  for (const r of rows) {
    // a lead of the previous period is laid over the day as far into this period
    const day = addDays(r.before ? addDays(r.day, range.days) : r.day, shift);
    const p = points.get(bucketOf(day, chart.by));
    if (p) p[r.before ? "before" : "now"] += 1;
  }
  const sources = rows.map((r) => ({
    ...sourceOf({ params: r.params ?? {}, referrer: r.referrer, ownHosts: site.hosts }),
    before: r.before,
  }));
  const byChannel = tally(sources.map((s) => ({ key: s.channel, label: CHANNEL_LABELS[s.channel], before: s.before })));
  return {
    total: rows.filter((r) => !r.before).length,
    previous: rows.filter((r) => r.before).length,
    series: [...points.values()],
    // every channel, in the one order, so a source with none still shows it had none
    bySource: CHANNELS.map((c) => byChannel.find((x) => x.key === c) ?? { key: c, label: CHANNEL_LABELS[c], now: 0, before: 0 }),
    byCampaign: tally(
      sources
        .filter((s) => (s.channel === "paid-search" || s.channel === "paid-social" || s.channel === "campaign") && s.detail)
        .map((s) => ({ key: s.detail!, label: s.detail!, before: s.before })),
      20,
    ),
    byType: tally(rows.map((r) => ({ key: r.category, label: r.category, before: r.before }))),
    byLocation: tally(rows.map((r) => ({ key: r.location ?? "", label: r.location ?? "No location", before: r.before }))),
    byCondition: tally(
      rows.map((r) => {
        const c = r.car_type ? (CONDITIONS[r.car_type] ?? r.car_type) : "No car";
        return { key: c, label: c, before: r.before };
      }),
    ),
    byMake: tally(
      rows.filter((r) => r.make).map((r) => ({ key: r.make!, label: r.make!, before: r.before })),
      15,
    ),
    byCar: tally(
      rows
        .filter((r) => r.vehicle_id != null)
        .map((r) => ({ key: String(r.vehicle_id), label: `${r.year} ${r.make} ${r.model}`, before: r.before })),
      20,
    ),
  };
}

/** The funnel: visits → search → vehicle page → enquiry → reservation, in the period and the one before, and this period by channel. */
export async function funnelReport(db: Db, site: ReportSite, range: ReportRange): Promise<FunnelReport> {
  const r = t.reportVisits;
  const cols = {
    visits: r.visits,
    search: r.searchVisits,
    vehicle: r.vehicleVisits,
    enquiry: r.enquiryVisits,
    reservation: r.reservationVisits,
  };
  const inPeriod = sql`${r.day} >= ${range.from}`;
  const rows = await db
    .select({
      channel: r.channel,
      ...Object.fromEntries(
        FUNNEL_STEPS.flatMap(([k]) => [
          [k, sql<number>`coalesce(sum(${cols[k]}) filter (where ${inPeriod}), 0)::int`],
          [`${k}Before`, sql<number>`coalesce(sum(${cols[k]}) filter (where not ${inPeriod}), 0)::int`],
        ]),
      ),
    })
    .from(r)
    .where(and(eq(r.siteId, site.id), gte(r.day, range.previous.from), lte(r.day, range.to)))
    .groupBy(r.channel);
  const num = (x: Record<string, unknown>, k: string) => Number(x[k] ?? 0);
  const sum = (k: string) => rows.reduce((n, x) => n + num(x, k), 0);
  return {
    steps: FUNNEL_STEPS.map(([key, label]) => ({ key, label, now: sum(key), before: sum(`${key}Before`) })),
    byChannel: CHANNELS.flatMap((c) => {
      const x = rows.find((row) => row.channel === c);
      return x && num(x, "visits") > 0 ? [{ channel: c, label: CHANNEL_LABELS[c], steps: FUNNEL_STEPS.map(([k]) => num(x, k)) }] : [];
    }),
  };
}

/** Sites' own hosts (a visit moving between its pages is no referral) and time zones, as the reports need them. */
export async function reportSites(db: Db, ids: readonly number[]): Promise<ReportSite[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: t.sites.id,
      name: t.sites.name,
      timezone: t.sites.timezone,
      url: t.sites.url,
      domainName: t.sites.domainName,
      domains: t.sites.domains,
      slug: t.sites.slug,
    })
    .from(t.sites)
    .where(inArray(t.sites.id, [...ids]));
  return rows.map((s) => ({
    id: s.id,
    name: s.name,
    timezone: s.timezone,
    hosts: [s.url, s.domainName, ...(s.domains ?? []), `${s.slug}.localhost`].filter((h): h is string => typeof h === "string" && h !== ""),
  }));
}

/** The range form's fields from a query (one value each; anything else is left out). */
export function reportQuery(get: (key: string) => string | null | undefined): Record<string, string> {
  return Object.fromEntries(
    (["preset", "from", "to", "by"] as const).flatMap((k) => {
      const v = get(k);
      return typeof v === "string" && v !== "" ? [[k, v]] : [];
    }),
  );
}

export type SiteReports = { range: ReportRange; leads: LeadsReport; funnel: FunnelReport; team: TeamReport; stock: StockReport };

/** The range a query asks for, `today` being the site's date; else the form's field messages. */
export function rangeOf(query: Record<string, string>, today: string): ReportRange | { errors: Record<string, string> } {
  const range = reportRange(query, today);
  if (range) return range;
  const parsed = ReportQuerySchema.safeParse(query);
  return { errors: parsed.success ? {} : fieldErrors(parsed.error, "form") };
}

/**
 * The days a query means for one site: the period in the site's own days, its today being the
 * site's date now in its time zone. A site's reports page and its row in the group view both take
 * their period from here, so the two count the same leads.
 */
export function siteRange(
  query: Record<string, string>,
  site: Pick<ReportSite, "timezone">,
  now: number,
): ReportRange | { errors: Record<string, string> } {
  return rangeOf(query, localDay(now, site.timezone));
}

/** Every report of one site over a range; `now` is the server's clock. */
export async function reportsOf(db: Db, site: ReportSite, range: ReportRange, now: number): Promise<SiteReports> {
  // the team's response times run on the wall clock: the leads' stamps are the database's
  const [leads, funnel, team, stock] = await Promise.all([
    leadsReport(db, site, range),
    funnelReport(db, site, range),
    teamReport(db, site, range, Date.now()),
    stockReport(db, site, range, now),
  ]);
  return { range, leads, funnel, team, stock };
}

/**
 * A site's reports for a query, `now` being the server's clock: the range it asks for in the site's
 * days, or the form's field messages when it is not valid. Null for an unknown site.
 */
export async function siteReports(
  db: Db,
  siteId: number,
  query: Record<string, string>,
  now: number,
): Promise<SiteReports | { errors: Record<string, string> } | null> {
  const [site] = await reportSites(db, [siteId]);
  if (!site) return null;
  const range = siteRange(query, site, now);
  return "errors" in range ? range : reportsOf(db, site, range, now);
}
