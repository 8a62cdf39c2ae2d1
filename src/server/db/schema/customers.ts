import "server-only";
import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
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
    /** the customer asked for an email when this car's price drops or it sells */
    alerts: boolean("alerts").notNull().default(false),
    /** the price and status the customer was last told of (or saw when turning alerts on) */
    alertPrice: integer("alert_price"),
    alertStatus: text("alert_status"),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.siteId, t.vehicleId] }),
    index("watchlist_items_alerts")
      .on(t.siteId, t.vehicleId)
      .where(sql`alerts`),
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
    /** the customer asked for an email about new matches */
    alerts: boolean("alerts").notNull().default(false),
    /** new matches are cars listed after this (when alerts were turned on, then each digest that told of it) */
    alertedAt: timestamp("alerted_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("saved_searches_user_site_href").on(t.userId, t.siteId, t.href)],
);

/**
 * One alert digest a day at most per customer and site: when the last went out, and a
 * short claim so two processes never build the same customer's digest at once.
 */
export const alertDigests = pgTable(
  "alert_digests",
  {
    userId: text("user_id")
      .notNull()
      .references(() => customerUsers.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] })],
);

/** The details a signed-in customer saved to prefill forms (name, phone, postcode). */
export const customerDetails = pgTable("customer_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => customerUsers.id, { onDelete: "cascade" }),
  details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
