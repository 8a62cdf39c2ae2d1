import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import { catalogueEventOf, type AnalyticsEvent } from "@/domain/analytics/schema";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

/** Stores a validated batch for one site (all or none). */
export async function insertEvents(db: Db, siteId: number, events: readonly AnalyticsEvent[], now: Date): Promise<number> {
  if (events.length === 0) return 0;
  await db.insert(t.analyticsEvents).values(
    events.map((e) => ({
      siteId,
      // an event without an id is its name's catalogue event, else 0 (not in the catalogue)
      eventId: catalogueEventOf(e)?.id ?? 0,
      category: e.category,
      url: e.url,
      anonId: e.anon_id,
      sessionId: e.session_id,
      leadId: e.lead_id ?? null,
      errorMessage: e.error_message ?? null,
      properties: e.event_properties,
      createdAt: now,
    })),
  );
  return events.length;
}

export type EventCount = { day: string; eventId: number; events: number; sessions: number };

/** Counts per event and day (in the site's time zone) over the last `days` days, newest day first. */
export async function eventCounts(db: Db, siteId: number, opts: { since: Date; timezone: string }): Promise<EventCount[]> {
  const day = sql<string>`to_char(${t.analyticsEvents.createdAt} at time zone ${opts.timezone}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({
      day,
      eventId: t.analyticsEvents.eventId,
      events: sql<number>`count(*)::int`,
      sessions: sql<number>`count(distinct ${t.analyticsEvents.sessionId})::int`,
    })
    .from(t.analyticsEvents)
    .where(and(eq(t.analyticsEvents.siteId, siteId), gte(t.analyticsEvents.createdAt, opts.since)))
    .groupBy(sql`1`, t.analyticsEvents.eventId) // by position: the time zone is a parameter, twice it would be two expressions
    .orderBy(sql`1 desc`, t.analyticsEvents.eventId);
  return rows.map((r) => ({ ...r, events: Number(r.events), sessions: Number(r.sessions) }));
}
