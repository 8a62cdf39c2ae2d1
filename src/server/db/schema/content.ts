import "server-only";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sites } from "./sites";

/* A site's editable content pages and posts. */

/**
 * A site's editable content : pages, blog posts, special offers and the words on brand
 * and model pages, written in Markdown and rendered through a sanitizer (domain/content/markdown).
 * One table for every kind, so a sitemap, a feed or a back-office lists them in one query.
 */
export const contentEntries = pgTable(
  "content_entries",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    /** page | post | offer | brand | model | section */
    kind: text("kind").notNull(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    /** the meta description and the teaser on lists */
    summary: text("summary").notNull().default(""),
    body: text("body").notNull().default(""),
    image: text("image"),
    author: text("author"),
    /** brand of a brand page, model page or offer (display name) */
    make: text("make"),
    publishedAt: timestamp("published_at", { withTimezone: true }).notNull(),
    /** an offer's last moment; after it the offer is not listed and its page says it has ended */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** offers: price (drive away) or saving, the subscription variant per week, and the terms */
    price: integer("price"),
    saving: integer("saving"),
    subscriptionWeekly: integer("subscription_weekly"),
    terms: text("terms"),
  },
  (t) => [
    uniqueIndex("content_site_kind_slug").on(t.siteId, t.kind, t.slug),
    index("content_site_kind_published").on(t.siteId, t.kind, t.publishedAt),
  ],
);
