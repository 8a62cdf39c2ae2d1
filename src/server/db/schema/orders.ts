import "server-only";
import { sql } from "drizzle-orm";
import { foreignKey, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { leads } from "./leads";
import { sites } from "./sites";
import { vehicles } from "./stock";

/* Reserve online: the deposit orders that hold a car. */

/**
 * Reserve online : a refundable deposit holding one car. At most one active order
 * (pending within its hold, or paid) per car, by a unique index, so that of any number of buyers at
 * once exactly one gets the car. The lead it created is the dealer's notice of it.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    /** the car (cleared if the car is removed; the order stays) */
    vehicleId: integer("vehicle_id"),
    leadId: uuid("lead_id").notNull(),
    customerId: text("customer_id"),
    /** pending → paid, or cancelled/expired (the car is free again) */
    status: text("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    provider: text("provider").notNull(),
    /** the provider's checkout reference */
    providerRef: text("provider_ref"),
    /** the local test provider only: what the buyer pressed on its page */
    providerStatus: text("provider_status"),
    /** for the confirmation page's greeting (the rest of the buyer's details are on the lead) */
    firstName: text("first_name").notNull(),
    /** who holds it, to count a shopper's unpaid holds (lower-cased email; the client address) */
    holderEmail: text("holder_email"),
    clientAddress: text("client_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_one_active_per_vehicle")
      .on(t.siteId, t.vehicleId)
      .where(sql`status in ('pending', 'paid')`),
    foreignKey({ name: "orders_vehicle_fk", columns: [t.siteId, t.vehicleId], foreignColumns: [vehicles.siteId, vehicles.id] }).onDelete(
      "set null",
    ),
    foreignKey({ name: "orders_lead_fk", columns: [t.siteId, t.leadId], foreignColumns: [leads.siteId, leads.id] }),
  ],
);
