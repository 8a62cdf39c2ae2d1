import "server-only";
import { and, eq, sql } from "drizzle-orm";
import {
  DELIVERY_FLAG_AFTER_MS,
  MAX_DELIVERY_ATTEMPTS,
  deliveryTargets,
  leadDeliveryConfig,
  type LeadDeliveryConfig,
  retryDelayMs,
  type OutboxChannel,
} from "@/domain/leads/delivery";
import { NO_DESTINATION_CHANNEL, NO_DESTINATION_DETAIL } from "@/domain/site/lead-destinations";
import type { Db } from "@/server/db/client";
import { hasErrorCode } from "@/server/db/errors";
import * as t from "@/server/db/schema";
import { rowsOf } from "./row";
import { getLeadDeliveryConfig } from "./sites";

/*
 * The lead delivery outbox. Rows are written with the lead, in its transaction; workers
 * claim due rows with FOR UPDATE SKIP LOCKED and a lease (locked_until), deliver, and record the
 * attempt. A worker that dies mid-delivery leaves a lapsed lease: the row is claimed again.
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Delivery = {
  id: number;
  siteId: number;
  leadId: string;
  /** 0 the lead as first sent; n its n-th update */
  submission: number;
  channel: OutboxChannel;
  target: string;
  attempts: number;
  createdAt: Date;
};

/**
 * The delivery jobs a new lead (or one submission of it) needs under these settings (each channel and
 * target once). A lead with nowhere to go is still stored, with one row that says so: given up at
 * once (never sent), counted by GET /api/health and flagged in the inbox, so nobody believes it was
 * delivered.
 */
export function deliveryRows(
  siteId: number,
  leadId: string,
  config: LeadDeliveryConfig,
  addresses: { location: string | null; site: string | null },
  submission = 0,
): Array<typeof t.leadDeliveries.$inferInsert> {
  const targets = deliveryTargets(config, addresses);
  if (targets.length === 0)
    return [
      { siteId, leadId, submission, channel: NO_DESTINATION_CHANNEL, target: "", status: "failed", lastError: NO_DESTINATION_DETAIL },
    ];
  return targets.map((d) => ({ siteId, leadId, submission, channel: d.channel, target: d.target }));
}

/** The insert of a lead's delivery jobs, written out (also a CTE of the lead's own statement, leads.ts). */
export const deliveryInsertSql = (rows: Array<typeof t.leadDeliveries.$inferInsert>) => sql`
  insert into lead_deliveries (site_id, lead_id, submission, channel, target, status, last_error)
  values ${sql.join(
    rows.map(
      (d) =>
        sql`(${d.siteId}::int, ${d.leadId}::uuid, ${d.submission ?? 0}::int, ${d.channel}::text, ${d.target}::text, ${d.status ?? "pending"}::text, ${d.lastError ?? null}::text)`,
    ),
    sql`, `,
  )}
  on conflict do nothing`;

/** Writes the deliveries a new lead (an order's) or a lead's update (`submission` > 0) needs inside the caller's transaction. */
export async function enqueueDeliveries(
  tx: Tx,
  siteId: number,
  leadId: string,
  addresses: { location: string | null; site: string | null },
  submission = 0,
): Promise<number> {
  const rows = deliveryRows(siteId, leadId, await getLeadDeliveryConfig(tx as unknown as Db, siteId), addresses, submission);
  if (rows.length) await tx.execute(deliveryInsertSql(rows));
  return rows.length;
}

type KnownSettings = { raw: unknown; config: LeadDeliveryConfig };
/** Each site's delivery settings as this process last read them (checked by every lead's statement). */
const known = new Map<number, KnownSettings>();

/** The site's delivery settings as last read here; read afresh when `fresh` (the last lead found them changed). */
export async function knownDeliverySettings(db: Db, siteId: number, fresh: boolean): Promise<KnownSettings> {
  const had = fresh ? undefined : known.get(siteId);
  if (had) return had;
  const [row] = await db.select({ raw: t.sites.leadDelivery }).from(t.sites).where(eq(t.sites.id, siteId));
  const settings = { raw: row?.raw ?? {}, config: leadDeliveryConfig(row?.raw) };
  known.set(siteId, settings);
  return settings;
}

/** An SQL value that is 1 while the site's stored settings equal `raw`, and fails the statement (division by zero) otherwise. */
export const settingsUnchanged = (siteId: number, raw: unknown) =>
  sql`1 / (select count(*)::int from sites where id = ${siteId} and lead_delivery = ${JSON.stringify(raw)}::jsonb)`;

/** The statement failed because the settings changed since they were read here (SQLSTATE 22012). */
export const isSettingsChanged = (e: unknown): boolean => hasErrorCode(e, (code) => code === "22012");

/** Claims up to `limit` due deliveries for `leaseMs` (rows another worker holds are skipped, never waited for). */
export async function claimDueDeliveries(db: Db, limit: number, leaseMs: number): Promise<Delivery[]> {
  const result = await db.execute(sql`
    update lead_deliveries d
       set locked_until = now() + make_interval(secs => ${leaseMs / 1000}), attempts = d.attempts + 1
     where d.id in (
       select id from lead_deliveries
        where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by next_attempt_at, id
        limit ${limit}
        for update skip locked)
    returning d.id, d.site_id, d.lead_id, d.submission, d.channel, d.target, d.attempts, d.created_at`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    siteId: Number(r.site_id),
    leadId: String(r.lead_id),
    submission: Number(r.submission ?? 0),
    channel: r.channel as OutboxChannel,
    target: String(r.target),
    attempts: Number(r.attempts),
    createdAt: new Date(r.created_at as string),
  }));
}

export type AttemptOutcome = { ok: boolean; detail: string; durationMs: number };

/**
 * Records attempts: each job delivered; or back to pending after its retry delay; or failed for
 * good after MAX_DELIVERY_ATTEMPTS. `detail` is a status code or an error kind (never personal
 * data). A worker's whole batch in one statement (the attempts and the jobs' new states together:
 * all or nothing, one round trip).
 */
export async function recordAttempts(
  db: Db,
  done: Array<{ delivery: Delivery; outcome: AttemptOutcome }>,
): Promise<Array<"delivered" | "pending" | "failed">> {
  const statuses = done.map(({ delivery: d, outcome }) =>
    outcome.ok ? ("delivered" as const) : d.attempts >= MAX_DELIVERY_ATTEMPTS ? ("failed" as const) : ("pending" as const),
  );
  if (!done.length) return statuses;
  const rows = done.map(
    ({ delivery: d, outcome }, i) =>
      sql`(${d.id}::int, ${d.siteId}::int, ${outcome.ok}::boolean, ${outcome.detail.slice(0, 300)}::text, ${outcome.durationMs}::int, ${statuses[i]}::text, ${retryDelayMs(d.attempts) / 1000}::float8)`,
  );
  await db.execute(sql`
    with v (id, site_id, ok, detail, duration_ms, status, retry_secs) as (values ${sql.join(rows, sql`, `)}),
    a as (
      insert into lead_delivery_attempts (delivery_id, site_id, ok, detail, duration_ms)
      select id, site_id, ok, detail, duration_ms from v)
    update lead_deliveries d
       set status = v.status,
           locked_until = null,
           last_error = case when v.ok then null else v.detail end,
           delivered_at = case when v.ok then now() else null end,
           next_attempt_at = case when v.ok then d.next_attempt_at else now() + make_interval(secs => v.retry_secs) end
      from v
     where d.id = v.id and d.site_id = v.site_id`);
  return statuses;
}

export type DeliveryBacklog = {
  undelivered: number;
  failed: number;
  flagged: number;
  /** leads (submissions) that had nowhere to go: their site has no lead email, ADF address or webhook */
  noDestination: number;
  oldestUndeliveredSeconds: number | null;
};

/**
 * The outbox at a glance (GET /api/health): undelivered rows (waiting, or with nowhere to go), given-up
 * ones, ones older than 15 minutes, those with no destination, and the oldest's age.
 */
export async function deliveryBacklog(db: Db): Promise<DeliveryBacklog> {
  const result = await db.execute(sql`
    select count(*) filter (where status = 'pending' or channel = ${NO_DESTINATION_CHANNEL})::int as undelivered,
           count(*) filter (where channel = ${NO_DESTINATION_CHANNEL})::int as no_destination,
           count(*) filter (where status = 'failed')::int as failed,
           count(*) filter (where status <> 'delivered' and created_at < now() - make_interval(secs => ${DELIVERY_FLAG_AFTER_MS / 1000}))::int as flagged,
           extract(epoch from now() - min(created_at) filter (where status <> 'delivered'))::float8 as oldest
      from lead_deliveries`);
  const r = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return {
    undelivered: Number(r.undelivered ?? 0),
    failed: Number(r.failed ?? 0),
    flagged: Number(r.flagged ?? 0),
    noDestination: Number(r.no_destination ?? 0),
    oldestUndeliveredSeconds: r.oldest == null ? null : Math.round(Number(r.oldest)),
  };
}

/** A lead's deliveries with their attempts, for the lead's detail and the tests. */
export async function listLeadDeliveries(db: Db, siteId: number, leadId: string) {
  const rows = await db
    .select()
    .from(t.leadDeliveries)
    .where(and(eq(t.leadDeliveries.siteId, siteId), eq(t.leadDeliveries.leadId, leadId)))
    .orderBy(t.leadDeliveries.id);
  const attempts = rows.length
    ? await db
        .select()
        .from(t.leadDeliveryAttempts)
        .where(and(eq(t.leadDeliveryAttempts.siteId, siteId), sql`${t.leadDeliveryAttempts.deliveryId} in ${rows.map((r) => r.id)}`))
        .orderBy(t.leadDeliveryAttempts.id)
    : [];
  return rows.map((r) => ({ ...r, attempts: attempts.filter((a) => a.deliveryId === r.id) }));
}

/** How many of a site's leads (or their updates) had nowhere to go when they came in (the console shows it). */
export async function countNoDestination(db: Db, siteId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.leadDeliveries)
    .where(and(eq(t.leadDeliveries.siteId, siteId), eq(t.leadDeliveries.channel, NO_DESTINATION_CHANNEL)));
  return Number(row?.n ?? 0);
}
