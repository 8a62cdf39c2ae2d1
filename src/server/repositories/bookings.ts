import "server-only";
import { and, eq, gte, lt, ne, sql } from "drizzle-orm";
import type { BookingKind } from "@/domain/bookings/slots";
import type { Db } from "@/server/db/client";
import { constraintOf, hasErrorCode } from "@/server/db/errors";
import * as t from "@/server/db/schema";
import { deliveryInsertSql } from "./deliveries";

/** A booking asked for with a lead: its slot (what, where, when) and how many bookings the slot takes. */
export type BookingHold = {
  kind: BookingKind;
  resource: string;
  locationId: number;
  vehicleId: number | null;
  start: Date;
  end: Date;
  capacity: number;
};

export const vehicleResource = (vehicleId: number) => `vehicle:${vehicleId}`;
export const workshopResource = (locationId: number) => `workshop:${locationId}`;

/**
 * The insert of a lead's booking, for the lead's own statement: the lowest seat of its slot no live
 * booking holds. A full slot gives seat 0 (refused by the seat check); two requests that both
 * saw a seat free meet at the unique index, and the later one is refused. Either is `isSlotTaken`.
 */
export function bookingInsertSql(siteId: number, leadId: string, b: BookingHold) {
  const start = b.start.toISOString();
  return sql`insert into bookings (site_id, lead_id, kind, resource, location_id, vehicle_id, starts_at, ends_at, seat)
    select ${siteId}::int, ${leadId}::uuid, ${b.kind}::text, ${b.resource}::text, ${b.locationId}::int, ${b.vehicleId}::int,
      ${start}::timestamptz, ${b.end.toISOString()}::timestamptz,
      (select coalesce(min(s), 0) from generate_series(1, ${b.capacity}::int) s where s not in (
        select seat from bookings where site_id = ${siteId}::int and resource = ${b.resource}::text
          and starts_at = ${start}::timestamptz and status <> 'cancelled'))`;
}

/** Whether a statement failed because the booking's slot was full (see bookingInsertSql). */
export function isSlotTaken(e: unknown): boolean {
  return hasErrorCode(e, (c) => c === "23505" || c === "23514") && ["bookings_hold", "bookings_seat"].includes(constraintOf(e) ?? "");
}

/** How many live bookings hold each slot start (epoch ms) of a resource between two instants. */
export async function takenSeats(db: Db, siteId: number, resource: string, from: Date, to: Date): Promise<Map<number, number>> {
  const rows = await db
    .select({ start: t.bookings.startsAt, n: sql<number>`count(*)::int` })
    .from(t.bookings)
    .where(
      and(
        eq(t.bookings.siteId, siteId),
        eq(t.bookings.resource, resource),
        gte(t.bookings.startsAt, from),
        lt(t.bookings.startsAt, to),
        ne(t.bookings.status, "cancelled"),
      ),
    )
    .groupBy(t.bookings.startsAt);
  return new Map(rows.map((r) => [new Date(r.start).getTime(), Number(r.n)]));
}

export type Booking = typeof t.bookings.$inferSelect;

/** A site's booking by id, or null. */
export async function getBooking(db: Db, siteId: number, id: string): Promise<Booking | null> {
  const [row] = await db
    .select()
    .from(t.bookings)
    .where(and(eq(t.bookings.siteId, siteId), eq(t.bookings.id, id)));
  return row ?? null;
}

/** The booking of a lead (the latest, if it was ever booked again), or null. */
export async function bookingOfLead(db: Db, siteId: number, leadId: string): Promise<Booking | null> {
  const [row] = await db
    .select()
    .from(t.bookings)
    .where(and(eq(t.bookings.siteId, siteId), eq(t.bookings.leadId, leadId)))
    .orderBy(sql`${t.bookings.createdAt} desc`)
    .limit(1);
  return row ?? null;
}

/**
 * Cancels a live booking (its seat is free at once) and, in the same transaction, queues the dealer's
 * notice of it (to `notify`, the location's or the site's address) in the lead outbox; false when it
 * was not live.
 */
export async function cancelBooking(db: Db, siteId: number, id: string, at: Date, notify: string | null): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(t.bookings)
      .set({ status: "cancelled", cancelledAt: at })
      .where(and(eq(t.bookings.siteId, siteId), eq(t.bookings.id, id), ne(t.bookings.status, "cancelled")))
      .returning({ leadId: t.bookings.leadId });
    if (!row) return false;
    if (notify)
      await tx.execute(
        deliveryInsertSql([{ siteId, leadId: row.leadId, submission: 0, channel: BOOKING_CANCELLED_CHANNEL, target: notify }]),
      );
    return true;
  });
}

/** The outbox channel of a booking's confirmation to the shopper (its target is always "shopper": the lead's own email). */
export const BOOKING_EMAIL_CHANNEL = "booking_email";
/** The outbox channel of the dealer's notice that a booking was cancelled (its target the dealer's address). */
export const BOOKING_CANCELLED_CHANNEL = "booking_cancelled";
