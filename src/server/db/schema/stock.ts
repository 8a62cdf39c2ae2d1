import "server-only";
import { sql } from "drizzle-orm";
import { boolean, foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { ACCENTED, PLAIN } from "@/domain/stock/keywords";
import { sites, locations } from "./sites";

/* Vehicles (docs/features/search-and-vehicles.md) and the stock imports that write them. */

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
    /** offers_subscription: the weekly subscription price (whole dollars) */
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
    /** the alt text of each of `thumbnails`, in the same order ("" where the dealer wrote none) */
    photoAlts: text("photo_alts")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    city: text("city"),
    carsalesSellerIdentifier: text("carsales_seller_identifier"),
    description: text("description"),
    /** the car's features as the dealer lists them ("Reversing camera", "Apple CarPlay"), shown on its page */
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** the dealer's pick: shown first where the site shows a selection of its stock */
    featured: boolean("featured").notNull().default(false),
    /** on special: marked on its card and page */
    special: boolean("special").notNull().default(false),
    /**
     * Fields a person edited in the back-office (as the vehicles table names them, and "photos"): a stock
     * file or feed leaves them alone until the dealer hands them back or the import says to overwrite them.
     */
    editedFields: text("edited_fields")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** when a person last set the photos' order: a feed's later photos keep that order */
    photosOrderedAt: timestamp("photos_ordered_at", { withTimezone: true }),
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
    // a test drive's slots name the car by the dealer's stock number
    index("vehicles_site_stock").on(t.siteId, t.stockNumber),
  ],
);

/**
 * A car's photos: uploaded in the back-office or fetched from a feed's URL, each kept once
 * in the photo store by content hash (`key`). The car's `primary_image_url`, `thumbnails` and
 * `photo_alts` are written from these rows in order whenever they change (src/domain/stock/photos.ts).
 */
export const vehiclePhotos = pgTable(
  "vehicle_photos",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    vehicleId: integer("vehicle_id").notNull(),
    key: text("key").notNull(),
    alt: text("alt").notNull().default(""),
    position: integer("position").notNull(),
    width: integer("width"),
    height: integer("height"),
    /** the feed's URL it was fetched from; null for an upload */
    sourceUrl: text("source_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "vehicle_photos_vehicle_fk",
      columns: [t.siteId, t.vehicleId],
      foreignColumns: [vehicles.siteId, vehicles.id],
    }).onDelete("cascade"),
    uniqueIndex("vehicle_photos_vehicle_key").on(t.siteId, t.vehicleId, t.key),
    index("vehicle_photos_key").on(t.key),
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
    /** the columns the file has (a column left out leaves its field alone); null on older imports: all */
    columns: jsonb("columns").$type<string[]>(),
    /** an empty cell clears its field (else it leaves it alone) */
    clearBlanks: boolean("clear_blanks").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
  },
  (t) => [index("stock_imports_site").on(t.siteId, t.createdAt)],
);

/** A site's own names for its stock file's headers: header (as headerKey has it) → column, or null to leave out. */
export const stockImportMappings = pgTable("stock_import_mappings", {
  siteId: integer("site_id")
    .primaryKey()
    .references(() => sites.id, { onDelete: "cascade" }),
  mapping: jsonb("mapping").$type<Record<string, string | null>>().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A feed's photo to fetch: one row per photo address of a car in an applied import, in the
 * car's order. The worker fetches due rows (retrying with backoff), and once a car's rows of one
 * import are all finished its feed photos are replaced by the ones fetched. What could not be
 * fetched stays here with its reason: the import's report lists it.
 */
export const photoFetches = pgTable(
  "photo_fetches",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    vehicleId: integer("vehicle_id").notNull(),
    importId: integer("import_id").notNull(),
    stockNumber: text("stock_number").notNull(),
    url: text("url").notNull(),
    position: integer("position").notNull(),
    /** pending | done | failed | superseded */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    key: text("key"),
    width: integer("width"),
    height: integer("height"),
    /** downloaded (false: the car already held this address's photo) */
    downloaded: boolean("downloaded").notNull().default(false),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "photo_fetches_vehicle_fk",
      columns: [t.siteId, t.vehicleId],
      foreignColumns: [vehicles.siteId, vehicles.id],
    }).onDelete("cascade"),
    index("photo_fetches_due").on(t.status, t.nextAttemptAt),
    index("photo_fetches_import").on(t.siteId, t.importId),
    index("photo_fetches_vehicle").on(t.siteId, t.vehicleId),
  ],
);

/**
 * Every change of a car's price, whoever made it (the back-office, an import, the platform
 * API): written by a trigger on vehicles (migration 0035), read by the stock report to show what a
 * price change did to the car's page views.
 */
export const vehiclePriceChanges = pgTable(
  "vehicle_price_changes",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    vehicleId: integer("vehicle_id").notNull(),
    oldPrice: integer("old_price"),
    newPrice: integer("new_price"),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: "vehicle_price_changes_vehicle_fk",
      columns: [t.siteId, t.vehicleId],
      foreignColumns: [vehicles.siteId, vehicles.id],
    }).onDelete("cascade"),
    index("vehicle_price_changes_site_time").on(t.siteId, t.changedAt),
  ],
);
