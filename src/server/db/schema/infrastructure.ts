import "server-only";
import { bigint, integer, pgTable, text, varchar } from "drizzle-orm/pg-core";

/* The database's own facts and the shared rate-limit counters. */

/** Small key/value facts about the database itself (demo clock anchor, seed version). */
export const meta = pgTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/**
 * Rate-limit counters shared by every app process on one PostgreSQL (rate-limiter-flexible's
 * RateLimiterPostgres table layout: key, points, expire in epoch ms).
 */
export const rateLimits = pgTable("rate_limits", {
  key: varchar("key", { length: 255 }).primaryKey(),
  points: integer("points").notNull().default(0),
  expire: bigint("expire", { mode: "number" }),
});
