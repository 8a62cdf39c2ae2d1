import "server-only";
import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { DEPOSIT_CENTS, HOLD_MINUTES, MAX_UNPAID_HOLDS } from "@/domain/store/checkout";
import type { PreparedLead } from "@/domain/leads/lead";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { enqueueDeliveries } from "./deliveries";
import { leadColumns } from "./leads";
import { isUniqueViolation } from "./row";

export type OrderRow = typeof t.orders.$inferSelect;
export type OrderStatus = "pending" | "paid" | "cancelled" | "expired";
const ACTIVE: OrderStatus[] = ["pending", "paid"];

/**
 * Reserves a car: in one transaction the car's row is locked, an unpaid hold older than
 * HOLD_MINUTES lets go, and — only when no other order holds the car — the lead and the pending
 * order are written. A unique index (one active order per car) backs this up across processes:
 * of any number of buyers at once, exactly one gets the car.
 */
export async function reserveVehicle(
  db: Db,
  p: {
    siteId: number;
    vehicleId: number;
    lead: PreparedLead;
    customerId: string | null;
    currency: string;
    provider: string;
    firstName: string;
    now: Date;
    /** the reservation's lead is delivered like any other (jobs in this transaction) */
    deliverTo?: { location: string | null; site: string | null };
    /** who asks, to count their unpaid holds */
    holder?: { email: string; clientAddress: string };
  },
): Promise<{ ok: true; order: OrderRow } | { ok: false; reason: "taken" | "holds" }> {
  const email = p.holder?.email.trim().toLowerCase() ?? null;
  const address = p.holder?.clientAddress ?? null;
  try {
    return await db.transaction(async (tx) => {
      // one shopper's reservations one at a time (by email, then connection: the same order everywhere, no deadlock)
      if (email) await tx.execute(sql`select pg_advisory_xact_lock(${p.siteId}::int, hashtext(${`email:${email}`}))`);
      if (address) await tx.execute(sql`select pg_advisory_xact_lock(${p.siteId}::int, hashtext(${`ip:${address}`}))`);
      await tx.execute(
        sql`select id from ${t.vehicles} where ${t.vehicles.siteId} = ${p.siteId} and ${t.vehicles.id} = ${p.vehicleId} for update`,
      );
      if (p.holder) {
        const same = [
          ...(p.customerId ? [eq(t.orders.customerId, p.customerId)] : []),
          ...(email ? [eq(t.orders.holderEmail, email)] : []),
          ...(address ? [eq(t.orders.clientAddress, address)] : []),
        ];
        const [held] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(t.orders)
          .where(
            and(
              eq(t.orders.siteId, p.siteId),
              eq(t.orders.status, "pending"),
              gte(t.orders.createdAt, new Date(p.now.getTime() - HOLD_MINUTES * 60_000)),
              or(...same),
            ),
          );
        if (Number(held?.n ?? 0) >= MAX_UNPAID_HOLDS) return { ok: false as const, reason: "holds" as const };
      }
      await tx
        .update(t.orders)
        .set({ status: "expired", updatedAt: p.now })
        .where(
          and(
            eq(t.orders.siteId, p.siteId),
            eq(t.orders.vehicleId, p.vehicleId),
            eq(t.orders.status, "pending"),
            lt(t.orders.createdAt, new Date(p.now.getTime() - HOLD_MINUTES * 60_000)),
          ),
        );
      const [held] = await tx
        .select({ id: t.orders.id })
        .from(t.orders)
        .where(and(eq(t.orders.siteId, p.siteId), eq(t.orders.vehicleId, p.vehicleId), inArray(t.orders.status, ACTIVE)))
        .limit(1);
      if (held) return { ok: false as const, reason: "taken" as const };
      const [lead] = await tx
        .insert(t.leads)
        .values({ siteId: p.siteId, vehicleId: p.vehicleId, customerId: p.customerId, ...leadColumns(p.lead) })
        .returning({ id: t.leads.id });
      if (p.deliverTo) await enqueueDeliveries(tx, p.siteId, lead!.id, p.deliverTo);
      const [order] = await tx
        .insert(t.orders)
        .values({
          siteId: p.siteId,
          vehicleId: p.vehicleId,
          leadId: lead!.id,
          customerId: p.customerId,
          firstName: p.firstName,
          holderEmail: email,
          clientAddress: address,
          amountCents: DEPOSIT_CENTS,
          currency: p.currency,
          provider: p.provider,
          createdAt: p.now,
          updatedAt: p.now,
        })
        .returning();
      return { ok: true as const, order: order! };
    });
  } catch (e) {
    if (isUniqueViolation(e)) return { ok: false, reason: "taken" };
    throw e;
  }
}

export async function setOrderReference(db: Db, siteId: number, id: string, reference: string): Promise<void> {
  await db
    .update(t.orders)
    .set({ providerRef: reference })
    .where(and(eq(t.orders.siteId, siteId), eq(t.orders.id, id)));
}

export async function getOrder(db: Db, siteId: number, id: string): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.siteId, siteId), eq(t.orders.id, id)));
  return row ?? null;
}

/** Moves a pending order on (paid, or cancelled and the car free again); an order already settled stays as it is. */
export async function settleOrder(db: Db, siteId: number, id: string, status: "paid" | "cancelled", now: Date): Promise<OrderRow | null> {
  const [row] = await db
    .update(t.orders)
    .set({ status, updatedAt: now })
    .where(and(eq(t.orders.siteId, siteId), eq(t.orders.id, id), eq(t.orders.status, "pending")))
    .returning();
  return row ?? getOrder(db, siteId, id);
}

/** The test provider's own record of what the buyer pressed on its page. */
export async function setTestPaymentOutcome(db: Db, siteId: number, id: string, outcome: "paid" | "cancelled"): Promise<boolean> {
  const rows = await db
    .update(t.orders)
    .set({ providerStatus: outcome })
    .where(and(eq(t.orders.siteId, siteId), eq(t.orders.id, id), eq(t.orders.status, "pending")))
    .returning({ id: t.orders.id });
  return rows.length > 0;
}

export async function testPaymentOutcome(db: Db, reference: string): Promise<"paid" | "cancelled" | "open"> {
  const id = reference.replace(/^test_/, "");
  const [row] = await db.select({ s: t.orders.providerStatus }).from(t.orders).where(eq(t.orders.id, id));
  return row?.s === "paid" || row?.s === "cancelled" ? row.s : "open";
}

/** Whether an order holds the car now (a paid one, or a pending one within its hold). */
export async function isVehicleReserved(db: Db, siteId: number, vehicleId: number, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: t.orders.id })
    .from(t.orders)
    .where(
      and(
        eq(t.orders.siteId, siteId),
        eq(t.orders.vehicleId, vehicleId),
        sql`(${t.orders.status} = 'paid' or (${t.orders.status} = 'pending' and ${t.orders.createdAt} >= ${new Date(now.getTime() - HOLD_MINUTES * 60_000).toISOString()}))`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Unpaid holds now (GET /api/health): pending orders inside their hold. */
export async function unpaidHolds(db: Db, now: Date): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.orders)
    .where(and(eq(t.orders.status, "pending"), gte(t.orders.createdAt, new Date(now.getTime() - HOLD_MINUTES * 60_000))));
  return Number(r?.n ?? 0);
}
