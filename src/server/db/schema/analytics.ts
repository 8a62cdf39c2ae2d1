import "server-only";
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sites } from "./sites";

/* Analytics events as the endpoint took them. */

/** Analytics events, as the events endpoint took them (sites whose switch is on). */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** 1..61 (src/domain/analytics/events.ts) */
    eventId: integer("event_id").notNull(),
    category: text("category").notNull(),
    url: text("url").notNull(),
    anonId: text("anon_id").notNull(),
    sessionId: text("session_id").notNull(),
    leadId: uuid("lead_id"),
    errorMessage: text("error_message"),
    properties: jsonb("properties").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("analytics_events_site_time").on(t.siteId, t.createdAt)],
);

/**
 * The visits rollup the reports read (raw events are many; a day's visits by source are
 * few). One row per site, local day and channel (src/domain/reports/source.ts): how many visits
 * (sessions) there were, and how many of them opened a search page, a vehicle page, sent an enquiry
 * and reserved a car. Worked out again for the days that had new events (src/server/reports/rollup.ts).
 */
export const reportVisits = pgTable(
  "report_visits",
  {
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    channel: text("channel").notNull(),
    visits: integer("visits").notNull().default(0),
    searchVisits: integer("search_visits").notNull().default(0),
    vehicleVisits: integer("vehicle_visits").notNull().default(0),
    enquiryVisits: integer("enquiry_visits").notNull().default(0),
    reservationVisits: integer("reservation_visits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.channel] })],
);

/** The weekly report email, once per site and week (a row claims the week for one process). */
export const weeklyReports = pgTable(
  "weekly_reports",
  {
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** the Monday of the week reported */
    week: date("week", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.week] })],
);

/** Vehicle page views (event 8) per site, local day and car, rolled up with the visits. */
export const reportVehicleViews = pgTable(
  "report_vehicle_views",
  {
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    vehicleSlug: text("vehicle_slug").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.vehicleSlug] })],
);
