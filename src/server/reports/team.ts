import "server-only";
import { sql } from "drizzle-orm";
import type { ReportRange } from "@/domain/reports/range";
import type { Count } from "@/domain/reports/report";
import { median } from "@/domain/reports/stats";
import { LEAD_STATUS_LABELS, LEAD_STATUSES, asLeadStatus } from "@/domain/staff/roles";
import { leadHours, responseState } from "@/domain/staff/response";
import type { OpeningHourEntry } from "@/domain/site/types";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { listSpecialHours } from "@/server/repositories/locations";
import { getLeadHandling } from "@/server/repositories/settings";
import { rowsOf } from "@/server/repositories/row";
import { dayStart, onDays } from "./period";
import type { ReportSite } from "./reports";

/*
 * The team's report. Leads of the period by status; how long each took to a first
 * contact, in the minutes its location was open, by the salesperson who made it and by location;
 * and the leads not contacted within the site's target, the longest waiting first.
 */

export type ResponseRow = { key: string; label: string; answered: number; median: number | null; withinTarget: number; late: number };
export type WaitingLead = { id: string; name: string; category: string; minutes: number; createdAt: Date };
export type TeamReport = {
  target: number;
  byStatus: Count[];
  byPerson: ResponseRow[];
  byLocation: ResponseRow[];
  /** leads of the period contacted late or still waiting past the target */
  late: number;
  total: number;
  /** leads of the period contacted, and their median time to first contact (open minutes) */
  answered: number;
  median: number | null;
  waiting: WaitingLead[];
};

type Row = {
  id: string;
  status: string;
  name: string | null;
  category: string;
  created_at: string | Date;
  first_contact_at: string | Date | null;
  location_id: number | null;
  location: string | null;
  hours: OpeningHourEntry[] | null;
  location_timezone: string | null;
  contacted_by: string | null;
  before: boolean;
};

function responseRows(items: Array<{ key: string; label: string; minutes: number; late: boolean }>): ResponseRow[] {
  const groups = new Map<string, { label: string; minutes: number[]; late: number }>();
  for (const i of items) {
    const g = groups.get(i.key) ?? { label: i.label, minutes: [], late: 0 };
    g.minutes.push(i.minutes);
    if (i.late) g.late += 1;
    groups.set(i.key, g);
  }
  return [...groups]
    .map(([key, g]) => ({
      key,
      label: g.label,
      answered: g.minutes.length,
      median: median(g.minutes),
      withinTarget: g.minutes.length - g.late,
      late: g.late,
    }))
    .sort((a, b) => b.answered - a.answered || a.label.localeCompare(b.label));
}

/** The team report of a site's period; `now` is the wall clock (the leads' stamps are the database's). */
export async function teamReport(db: Db, site: ReportSite, range: ReportRange, now: number): Promise<TeamReport> {
  const l = t.leads;
  const tz = site.timezone;
  const target = (await getLeadHandling(db, site.id)).response_minutes;
  const [result, specials] = await Promise.all([
    db.execute(sql`
      select ${l.id} as id, ${l.status} as status, coalesce(nullif(trim(concat_ws(' ', ${l.firstName}, ${l.lastName})), ''), ${l.name}) as name,
             ${l.category} as category, ${l.createdAt} as created_at, ${l.firstContactAt} as first_contact_at,
             ${l.locationId} as location_id, loc.name as location, loc.opening_hours as hours, loc.timezone as location_timezone,
             (select n.staff_name from ${t.leadNotes} n where n.site_id = ${l.siteId} and n.lead_id = ${l.id} and n.status_from = 'new'
               order by n.created_at limit 1) as contacted_by,
             ${l.createdAt} < ${dayStart(range.from, tz)} as before
        from ${l}
        left join ${t.locations} loc on loc.site_id = ${l.siteId} and loc.id = ${l.locationId}
       where ${l.siteId} = ${site.id} and not ${l.isMock}
         and ${onDays(l.createdAt, range.previous.from, range.to, tz)}`),
    listSpecialHours(db, site.id),
  ]);
  const rows = rowsOf<Row>(result);
  const current = rows.filter((r) => !r.before);
  const byStatus = LEAD_STATUSES.map((s) => ({
    key: s,
    label: LEAD_STATUS_LABELS[s],
    now: current.filter((r) => asLeadStatus(r.status) === s).length,
    before: rows.filter((r) => r.before && asLeadStatus(r.status) === s).length,
  }));
  const timed = current.map((r) => ({
    r,
    ...responseState(
      new Date(r.created_at),
      r.first_contact_at ? new Date(r.first_contact_at) : null,
      now,
      target,
      leadHours({ siteTimezone: tz, locationTimezone: r.location_timezone, openingHours: r.hours, locationId: r.location_id }, specials),
    ),
  }));
  const answered = timed.filter((x) => x.contacted);
  return {
    target,
    byStatus,
    byPerson: responseRows(
      answered.map((x) => ({ key: x.r.contacted_by ?? "", label: x.r.contacted_by ?? "Not recorded", minutes: x.minutes, late: x.late })),
    ),
    byLocation: responseRows(
      answered.map((x) => ({ key: String(x.r.location_id ?? ""), label: x.r.location ?? "No location", minutes: x.minutes, late: x.late })),
    ),
    late: timed.filter((x) => x.late).length,
    total: current.length,
    answered: answered.length,
    median: median(answered.map((x) => x.minutes)),
    waiting: timed
      .filter((x) => !x.contacted && asLeadStatus(x.r.status) === "new")
      .sort((a, b) => b.minutes - a.minutes)
      .slice(0, 10)
      .map((x) => ({
        id: x.r.id,
        name: x.r.name ?? "(no name)",
        category: x.r.category,
        minutes: x.minutes,
        createdAt: new Date(x.r.created_at),
      })),
  };
}
