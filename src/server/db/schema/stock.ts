import "server-only";
import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ACCENTED, PLAIN } from "@/domain/stock/keywords";
import { sites, locations } from "./sites";

/* Vehicles (SPEC §3) and the stock imports that write them. */

export const vehicles = pgTable(
  "vehicles",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    locationId: integer("location_id"),
    slug: text("slug").notNull(),
    stockNumber: text("stock_number").notNull(),
    vin: text("vin"),
    rego: text("rego"),
    make: text("make").notNull(),
    model: text("model").notNull(),
    badge: text("badge"),
    series: text("series"),
    year: integer("year").notNull(),
    colour: text("colour"),
    bodyType: text("body_type"),
    fuel: text("fuel"),
    transmission: text("transmission"),
    drive: text("drive"),
    seats: integer("seats"),
    doors: integer("doors"),
    /** campers, motorhomes and caravans: how many sleep in it, its weights (kg) and length (mm) */
    berths: integer("berths"),
    atmKg: integer("atm_kg"),
    tareKg: integer("tare_kg"),
    lengthMm: integer("length_mm"),
    odometer: integer("odometer").notNull().default(0),
    buildDate: text("build_date"),
    price: integer("price"),
    priceType: text("price_type"),
    /** SPEC §3 offers_subscription: the weekly subscription price (whole dollars) */
    subscriptionWeekly: integer("subscription_weekly"),
    carType: text("car_type").notNull(),
    status: text("status").notNull().default("in_stock"),
    soldAt: timestamp("sold_at", { withTimezone: true }),
    showOnDealerWebsite: boolean("show_on_dealer_website").notNull().default(true),
    photosCount: integer("photos_count").notNull().default(0),
    primaryImageUrl: text("primary_image_url"),
    thumbnails: text("thumbnails")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    city: text("city"),
    carsalesSellerIdentifier: text("carsales_seller_identifier"),
    description: text("description"),
    listedAt: timestamp("listed_at", { withTimezone: true }).notNull().defaultNow(),
    /** consecutive full stock feeds this car was missing from (two make it sold) */
    missingFeeds: integer("missing_feeds").notNull().default(0),
    /** keyword search (src/domain/stock/keywords.ts): make, model, badge and series compacted ("mazdacx5maxx") */
    searchKey: text("search_key").generatedAlwaysAs(
      sql.raw(
        `regexp_replace(translate(lower(make || ' ' || model || ' ' || coalesce(badge, '') || ' ' || coalesce(series, '')), '${ACCENTED}', '${PLAIN}'), '[^a-z0-9]+', '', 'g')`,
      ),
    ),
    /** ... and as plain words ("mazda cx 5 maxx"), for typo matching with pg_trgm */
    searchWords: text("search_words").generatedAlwaysAs(
      sql.raw(
        `regexp_replace(translate(lower(make || ' ' || model || ' ' || coalesce(badge, '')), '${ACCENTED}', '${PLAIN}'), '[^a-z0-9]+', ' ', 'g')`,
      ),
    ),
  },
  (t) => [
    uniqueIndex("vehicles_site_slug").on(t.siteId, t.slug),
    uniqueIndex("vehicles_site_id").on(t.siteId, t.id),
    foreignKey({ name: "vehicles_location_fk", columns: [t.siteId, t.locationId], foreignColumns: [locations.siteId, locations.id] }),
    index("vehicles_site_type").on(t.siteId, t.carType),
    index("vehicles_site_status").on(t.siteId, t.status, t.showOnDealerWebsite),
  ],
);

/** A stock import (CSV upload or a dealer-management-system feed): checked first, applied once. */
export const stockImports = pgTable(
  "stock_imports",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    staffId: text("staff_id"),
    /** csv | feed */
    source: text("source").notNull(),
    /** a full feed lists the whole stock (cars left out count towards sold); else only upserts */
    full: boolean("full").notNull(),
    /** checked | held | applied | rejected | superseded */
    status: text("status").notNull(),
    /** the valid rows, kept until applied */
    rows: jsonb("rows").$type<unknown[]>().notNull(),
    /** the validation report and the plan (adds, updates, missing, sold) */
    report: jsonb("report").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [index("stock_imports_site").on(t.siteId, t.createdAt)],
);
