import "server-only";
import { and, eq, gte, inArray, lt, or, sql } from "drizzle-orm";
import { DEPOSIT_CENTS, HOLD_MINUTES, MAX_UNPAID_HOLDS } from "@/domain/store/checkout";
import type { PreparedLead } from "@/domain/leads/lead";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";
import { enqueueDeliveries, type Tx } from "./deliveries";
import { leadColumns } from "./leads";
import { isUniqueViolation } from "./row";

export type OrderRow = typeof t.orders.$inferSelect;
/** released: the dealer let the car go (the deposit refunded); converted: the reservation became the sale */
export type OrderStatus = "pending" | "paid" | "cancelled" | "expired" | "released" | "converted";
const ACTIVE: OrderStatus[] = ["pending", "paid"];

/** An order that holds its car at `now`: paid, or unpaid inside its hold (what the storefront calls reserved). */
const holdsNow = (now: Date) =>
  sql`(${t.orders.status} = 'paid' or (${t.orders.status} = 'pending' and ${t.orders.createdAt} >= ${new Date(now.getTime() - HOLD_MINUTES * 60_000).toISOString()}))`;

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
  return (await activeOrderOf(db, siteId, vehicleId, now)) !== null;
}

/** Unpaid holds now (GET /api/health): pending orders inside their hold. */
export async function unpaidHolds(db: Db, now: Date): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(t.orders)
    .where(and(eq(t.orders.status, "pending"), gte(t.orders.createdAt, new Date(now.getTime() - HOLD_MINUTES * 60_000))));
  return Number(r?.n ?? 0);
}

/** The order that holds a car now (paid, or unpaid inside its hold), or null: what the storefront calls reserved. */
export async function activeOrderOf(db: Db | Tx, siteId: number, vehicleId: number, now: Date): Promise<OrderRow | null> {
  const [row] = await db
    .select()
    .from(t.orders)
    .where(and(eq(t.orders.siteId, siteId), eq(t.orders.vehicleId, vehicleId), holdsNow(now)))
    .limit(1);
  return row ?? null;
}

/** The cars of a site (of `ids`) that an order holds now, each with its buyer's first name and deposit: the stock list's "Reserved". */
export async function reservedAmong(
  db: Db | Tx,
  siteId: number,
  ids: readonly number[],
  now: Date,
): Promise<Map<number, { firstName: string; amountCents: number; currency: string }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: t.orders.vehicleId, firstName: t.orders.firstName, amountCents: t.orders.amountCents, currency: t.orders.currency })
    .from(t.orders)
    .where(and(eq(t.orders.siteId, siteId), inArray(t.orders.vehicleId, [...ids]), holdsNow(now)));
  return new Map(rows.map(({ id, ...r }) => [id!, r]));
}

/**
 * Ends a car's reservation: `released` (the car is free again) or `converted` (the car is sold), in one
 * transaction with the car's row locked (as a reservation locks it), so no buyer and no edit comes
 * between. Null when nothing holds the car.
 */
export async function endReservation(
  db: Db,
  siteId: number,
  vehicleId: number,
  how: "released" | "converted",
  now: Date,
): Promise<OrderRow | null> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select id from ${t.vehicles} where ${t.vehicles.siteId} = ${siteId} and ${t.vehicles.id} = ${vehicleId} for update`,
    );
    const order = await activeOrderOf(tx, siteId, vehicleId, now);
    if (!order) return null;
    const [ended] = await tx
      .update(t.orders)
      .set({ status: how, updatedAt: now })
      .where(and(eq(t.orders.siteId, siteId), eq(t.orders.id, order.id)))
      .returning();
    if (how === "converted")
      await tx
        .update(t.vehicles)
        .set({ status: "sold", soldAt: now })
        .where(and(eq(t.vehicles.siteId, siteId), eq(t.vehicles.id, vehicleId)));
    return ended ?? null;
  });
}
