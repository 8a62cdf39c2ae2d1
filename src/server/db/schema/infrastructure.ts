import "server-only";
import { bigint, customType, index, integer, jsonb, pgSequence, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

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

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => "bytea" });

/**
 * The page cache every app process shares when HTTP_CACHE_SHARED=postgres (src/server/edge/page-cache/shared.ts,
 * docs/decisions/0019-shared-page-cache-and-hash-csp.md): one gzipped copy per page with the headers
 * it is served with (its hash CSP among them) and the tags a change purges it by. UNLOGGED (made so
 * in the migration): a cache, not a record; a crash empties it, and pages are drawn again.
 */
export const pageCache = pgTable(
  "page_cache",
  {
    key: text("key").primaryKey(),
    headers: jsonb("headers").$type<Record<string, string | number | string[]>>().notNull(),
    body: bytea("body").notNull(),
    bytes: integer("bytes").notNull(),
    tags: text("tags").array().notNull(),
    /** the purge sequence when its render began: a later purge of one of its tags makes the copy void */
    beganSeq: bigint("began_seq", { mode: "number" }).notNull(),
    storedAt: timestamp("stored_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_cache_tags").using("gin", t.tags), index("page_cache_stored_at").on(t.storedAt)],
);

/** Numbers the shared page cache's purges (one sequence for every tag). */
export const pageCachePurgeSeq = pgSequence("page_cache_purge_seq");

/** The last purge of each tag (kept a TTL long): a copy whose render began before it is never served. */
export const pageCachePurges = pgTable(
  "page_cache_purges",
  {
    tag: text("tag").primaryKey(),
    seq: bigint("seq", { mode: "number" }).notNull(),
    purgedAt: timestamp("purged_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("page_cache_purges_purged_at").on(t.purgedAt)],
);
