import "server-only";
import { doublePrecision, foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import type { RatingDistribution } from "@/domain/locations/reviews";
import { sites, locations } from "./sites";

/* Reviews and their summaries per site and location (docs/features/locations.md). */

export const reviews = pgTable(
  "reviews",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    locationId: integer("location_id"),
    customerName: text("customer_name").notNull(),
    text: text("text").notNull(),
    rating: integer("rating").notNull(),
    reviewDate: timestamp("review_date", { withTimezone: true }).notNull(),
    replyText: text("reply_text"),
    replyDate: timestamp("reply_date", { withTimezone: true }),
    /** the review profile (sites.gmb_profiles id) the review was written on */
    gmbProfileId: text("gmb_profile_id"),
  },
  (t) => [
    index("reviews_site").on(t.siteId, t.reviewDate),
    foreignKey({ name: "reviews_location_fk", columns: [t.siteId, t.locationId], foreignColumns: [locations.siteId, locations.id] }),
  ],
);

/** One row per site (location_id null) and optionally per location. */
export const reviewSummaries = pgTable(
  "review_summaries",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    locationId: integer("location_id"),
    count: integer("count").notNull(),
    averageRating: doublePrecision("average_rating").notNull(),
    /** reviews per star rating, "1" to "5" (null when the reviews service does not give one) */
    distribution: jsonb("distribution").$type<RatingDistribution>(),
  },
  (t) => [
    uniqueIndex("review_summaries_site_location").on(t.siteId, t.locationId),
    foreignKey({
      name: "review_summaries_location_fk",
      columns: [t.siteId, t.locationId],
      foreignColumns: [locations.siteId, locations.id],
    }),
  ],
);
