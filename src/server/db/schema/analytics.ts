import "server-only";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { sites } from "./sites";

/* SPEC §3 analytics events as the endpoint took them. */

/** SPEC §3/§7 analytics events, as the events endpoint took them (sites whose switch is on). */
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
