import "server-only";
import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { leads } from "./leads";
import { sites } from "./sites";

/**
 * Bookings (a test drive, a service drop-off), each the slot of one lead. A slot takes as many
 * bookings at once as its rules allow (one for a car, the workshop's drop-offs for a service); each
 * booking holds one numbered seat of its slot, and the unique index on the live seats is what stops a
 * second booking of a full slot, whatever number of requests arrive together. A cancelled booking
 * leaves the index, so its seat is free again.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    leadId: uuid("lead_id").notNull(),
    /** service | test-drive */
    kind: text("kind").notNull(),
    /** what the slot is of: "vehicle:{id}" (a test drive) or "workshop:{location id}" (a service) */
    resource: text("resource").notNull(),
    locationId: integer("location_id").notNull(),
    vehicleId: integer("vehicle_id"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    seat: integer("seat").notNull(),
    /** booked | cancelled */
    status: text("status").notNull().default("booked"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("bookings_hold")
      .on(t.siteId, t.resource, t.startsAt, t.seat)
      .where(sql`${t.status} <> 'cancelled'`),
    index("bookings_lead").on(t.siteId, t.leadId),
    check("bookings_seat", sql`${t.seat} >= 1`),
    check("bookings_span", sql`${t.endsAt} > ${t.startsAt}`),
    foreignKey({ name: "bookings_lead_fk", columns: [t.siteId, t.leadId], foreignColumns: [leads.siteId, leads.id] }).onDelete("cascade"),
  ],
);
