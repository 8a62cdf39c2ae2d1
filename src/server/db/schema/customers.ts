import "server-only";
import { foreignKey, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { customerUsers } from "./accounts";
import { sites } from "./sites";
import { vehicles } from "./stock";

/* What a signed-in customer keeps: the watchlist, saved searches and saved details. */

/** A signed-in customer's saved cars on one site (the garage's watchlist). */
export const watchlistItems = pgTable(
  "watchlist_items",
  {
    userId: text("user_id")
      .notNull()
      .references(() => customerUsers.id, { onDelete: "cascade" }),
    siteId: integer("site_id").notNull(),
    vehicleId: integer("vehicle_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.siteId, t.vehicleId] }),
    // a watched car is a car of the same site; a removed car leaves the list
    foreignKey({ name: "watchlist_vehicle_fk", columns: [t.siteId, t.vehicleId], foreignColumns: [vehicles.siteId, vehicles.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** "Save this search": the search page's path and query, and when the customer last looked at it. */
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => customerUsers.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    href: text("href").notNull(),
    label: text("label").notNull(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("saved_searches_user_site_href").on(t.userId, t.siteId, t.href)],
);

/** The details a signed-in customer saved to prefill forms (name, phone, postcode). */
export const customerDetails = pgTable("customer_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => customerUsers.id, { onDelete: "cascade" }),
  details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
