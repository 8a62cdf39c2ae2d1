import "server-only";
import { and, eq, sql } from "drizzle-orm";
import {
  DELIVERY_FLAG_AFTER_MS,
  MAX_DELIVERY_ATTEMPTS,
  deliveryTargets,
  retryDelayMs,
  type DeliveryChannel,
} from "@/domain/leads/delivery";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { rowsOf } from "./row";
import { getLeadDeliveryConfig } from "./sites";

/*
 * The lead delivery outbox (issue 16). Rows are written with the lead, in its transaction; workers
 * claim due rows with FOR UPDATE SKIP LOCKED and a lease (locked_until), deliver, and record the
 * attempt. A worker that dies mid-delivery leaves a lapsed lease: the row is claimed again.
 */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Delivery = {
  id: number;
  siteId: number;
  leadId: string;
  channel: DeliveryChannel;
  target: string;
  attempts: number;
  createdAt: Date;
};

/** Writes the deliveries a new lead needs (inside the lead's transaction). */
export async function enqueueDeliveries(
  tx: Tx,
  siteId: number,
  leadId: string,
  addresses: { location: string | null; site: string | null },
): Promise<number> {
  const targets = deliveryTargets(await getLeadDeliveryConfig(tx as unknown as Db, siteId), addresses);
  if (!targets.length) return 0;
  await tx
    .insert(t.leadDeliveries)
    .values(targets.map((d) => ({ siteId, leadId, channel: d.channel, target: d.target })))
    .onConflictDoNothing();
  return targets.length;
}

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
    returning d.id, d.site_id, d.lead_id, d.channel, d.target, d.attempts, d.created_at`);
  return rowsOf<Record<string, unknown>>(result).map((r) => ({
    id: Number(r.id),
    siteId: Number(r.site_id),
    leadId: String(r.lead_id),
    channel: r.channel as DeliveryChannel,
    target: String(r.target),
    attempts: Number(r.attempts),
    createdAt: new Date(r.created_at as string),
  }));
}

/**
 * Records an attempt: delivered; or back to pending after the retry delay; or failed for good after
 * MAX_DELIVERY_ATTEMPTS. `detail` is a status code or an error kind (never personal data).
 */
export async function recordAttempt(
  db: Db,
  d: Delivery,
  outcome: { ok: boolean; detail: string; durationMs: number },
): Promise<"delivered" | "pending" | "failed"> {
  const status = outcome.ok ? "delivered" : d.attempts >= MAX_DELIVERY_ATTEMPTS ? "failed" : "pending";
  await db.transaction(async (tx) => {
    await tx
      .insert(t.leadDeliveryAttempts)
      .values({ deliveryId: d.id, siteId: d.siteId, ok: outcome.ok, detail: outcome.detail.slice(0, 300), durationMs: outcome.durationMs });
    await tx
      .update(t.leadDeliveries)
      .set({
        status,
        lockedUntil: null,
        lastError: outcome.ok ? null : outcome.detail.slice(0, 300),
        deliveredAt: outcome.ok ? sql`now()` : null,
        nextAttemptAt: outcome.ok ? undefined : sql`now() + make_interval(secs => ${retryDelayMs(d.attempts) / 1000})`,
      })
      .where(and(eq(t.leadDeliveries.id, d.id), eq(t.leadDeliveries.siteId, d.siteId)));
  });
  return status;
}

export type DeliveryBacklog = { undelivered: number; failed: number; flagged: number; oldestUndeliveredSeconds: number | null };

/** The outbox at a glance (GET /api/health): undelivered rows, given-up ones, ones older than 15 minutes, and the oldest's age. */
export async function deliveryBacklog(db: Db): Promise<DeliveryBacklog> {
  const result = await db.execute(sql`
    select count(*) filter (where status = 'pending')::int as undelivered,
           count(*) filter (where status = 'failed')::int as failed,
           count(*) filter (where status <> 'delivered' and created_at < now() - make_interval(secs => ${DELIVERY_FLAG_AFTER_MS / 1000}))::int as flagged,
           extract(epoch from now() - min(created_at) filter (where status <> 'delivered'))::float8 as oldest
      from lead_deliveries`);
  const r = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return {
    undelivered: Number(r.undelivered ?? 0),
    failed: Number(r.failed ?? 0),
    flagged: Number(r.flagged ?? 0),
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
