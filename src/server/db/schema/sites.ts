import "server-only";
import { sql } from "drizzle-orm";
import {
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { BlogSettings } from "@/domain/content/types";
import type { FinanceSettings } from "@/domain/site/finance";
import type { LeadDeliveryConfig } from "@/domain/leads/delivery";
import type { LeadHandling } from "@/domain/staff/response";
import type { ReviewProfile } from "@/domain/locations/reviews";
import type { FeatureRule } from "@/domain/site/features";
import type {
  Address,
  ContactDetail,
  OpeningHourEntry,
  SiteColours,
  SiteFeatureFlags,
  SiteIntegrations,
  SiteLogo,
  SiteSecrets,
  NavigationOverrides,
  SearchPresets,
  SocialUrls,
} from "@/domain/site/types";
import type { SearchPageTemplates } from "@/domain/stock/landing";

/* A site (the site record), its dealerships, locations and special hours. */

export const sites = pgTable("sites", {
  id: integer("id").primaryKey(),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  dealershipId: integer("dealership_id"),
  dealershipGroup: text("dealership_group"),
  manufacturerId: integer("manufacturer_id"),
  manufacturer: text("manufacturer"),
  template: text("template").notNull().default("default"),
  primaryVehicleOverride: text("primary_vehicle_override"),
  url: text("url").notNull(),
  domainName: text("domain_name").notNull().unique(),
  /** more domains of the site (each with its www. name), every one redirected to the primary; unique across sites (checked on write) */
  domains: text("domains")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  country: text("country").notNull().default("AU"),
  timezone: text("timezone").notNull().default("Australia/Melbourne"),
  /** false: the zone follows the site's locations (their state's), as a new site's does until an operator sets one */
  timezoneSet: boolean("timezone_set").notNull().default(true),
  currency: text("currency").notNull().default("AUD"),
  phone: text("phone"),
  email: text("email"),
  socialUrls: jsonb("social_urls").$type<SocialUrls>().notNull().default({}),
  logo: jsonb("logo").$type<SiteLogo>().notNull().default({}),
  colours: jsonb("colours").$type<SiteColours>().notNull(),
  features: jsonb("features").$type<Partial<SiteFeatureFlags>>().notNull().default({}),
  /** The ids of the site's third-party scripts and its ad conversions API (widgets.ts) */
  integrations: jsonb("integrations").$type<SiteIntegrations>().notNull().default({}),
  /** credentials the server uses for the site (server/site/secrets.ts); never part of the site record the pages get */
  secrets: jsonb("secrets").$type<SiteSecrets>().notNull().default({}),
  searchPresets: jsonb("search_presets").$type<SearchPresets>().notNull().default({}),
  /** Navigation (header, footer): the site's own menus, over the ones built from its pages and switches */
  navigation: jsonb("navigation").$type<NavigationOverrides>().notNull().default({}),
  defaultSort: text("default_sort").notNull().default("relevance"),
  includeSoldCarsDays: integer("include_sold_cars_days").notNull().default(3),
  paymentProvider: text("payment_provider"),
  /** the garage's name on this site (the name differs per site) */
  garageName: text("garage_name"),
  financeProvider: text("finance_provider").default("Manual"),
  /** the terms of the site's indicative repayments (financeOf in src/domain/site/finance.ts fills the rest) */
  finance: jsonb("finance").$type<Partial<FinanceSettings>>().notNull().default({}),
  openingHours: jsonb("opening_hours").$type<OpeningHourEntry[]>().notNull().default([]),
  /** gmb_profiles: the review profiles (name, id, review_url) the site's reviews come from */
  gmbProfiles: jsonb("gmb_profiles").$type<ReviewProfile[]>().notNull().default([]),
  /** blogs: the blog list's layout and posts per page */
  blogs: jsonb("blogs").$type<BlogSettings>().notNull().default({ layout: "grid", count: 6 }),
  /** search_page_templates: the site's own H1, title and description of its search landing pages */
  searchPageTemplates: jsonb("search_page_templates").$type<SearchPageTemplates>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** where the site's leads are delivered besides its locations' addresses (src/domain/leads/delivery.ts) */
  leadDelivery: jsonb("lead_delivery").$type<LeadDeliveryConfig>().notNull().default({}),
  /** how the sales team works leads (response target, round-robin assignment, reply templates) */
  leadHandling: jsonb("lead_handling").$type<Partial<LeadHandling> & { reply_templates?: unknown }>().notNull().default({}),
  /** a draft (false) shows the public a "coming soon" page and staff the site; the demo's sites are published */
  published: boolean("published").notNull().default(true),
  /** published without stock on purpose (the publish checklist) */
  noStockYet: boolean("no_stock_yet").notNull().default(false),
  /** when the site's platform data (locations, hours, navigation) last changed: the data API's Last-Modified */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A franchise / dealership within a site (dealership_websites list). */
export const dealerships = pgTable(
  "dealerships",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    make: text("make"),
    url: text("url"),
    logo: text("logo"),
    /** the console orders and hides a site's dealerships */
    position: integer("position").notNull().default(0),
    visible: boolean("visible").notNull().default(true),
  },
  (t) => [uniqueIndex("dealerships_site_slug").on(t.siteId, t.slug), uniqueIndex("dealerships_site_id").on(t.siteId, t.id)],
);

export const locations = pgTable(
  "locations",
  {
    id: integer("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    dealershipId: integer("dealership_id"),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    dealershipSlug: text("dealership_slug"),
    position: integer("position").notNull().default(0),
    locationType: text("location_type").notNull().default(""),
    locationSubtype: text("location_subtype")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isPrimary: boolean("is_primary").notNull().default(false),
    visible: boolean("visible").notNull().default(true),
    manufacturers: text("manufacturers")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    gmbProfileId: text("gmb_profile_id"),
    dealerLicenseNumber: text("dealer_license_number"),
    motorVehicleRepairer: text("motor_vehicle_repairer"),
    averageRating: doublePrecision("average_rating"),
    reviewCount: integer("review_count"),
    image: text("image"),
    timezone: text("timezone").notNull(),
    contactDetail: jsonb("contact_detail").$type<ContactDetail>().notNull(),
    openingHours: jsonb("opening_hours").$type<OpeningHourEntry[]>().notNull().default([]),
    address: jsonb("address").$type<Address>().notNull(),
  },
  (t) => [
    uniqueIndex("locations_site_slug").on(t.siteId, t.slug),
    uniqueIndex("locations_site_id").on(t.siteId, t.id),
    // a location's dealership is one of the same site's
    foreignKey({
      name: "locations_dealership_fk",
      columns: [t.siteId, t.dealershipId],
      foreignColumns: [dealerships.siteId, dealerships.id],
    }),
  ],
);

export const specialHours = pgTable(
  "special_hours",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    locationId: integer("location_id"),
    date: date("date").notNull(),
    name: text("name"),
    status: text("status").notNull(),
    startHour: text("start_hour"),
    endHour: text("end_hour"),
  },
  (t) => [
    index("special_hours_site_date").on(t.siteId, t.date),
    foreignKey({
      name: "special_hours_location_fk",
      columns: [t.siteId, t.locationId],
      foreignColumns: [locations.siteId, locations.id],
    }).onDelete("cascade"),
  ],
);

/**
 * Feature rules as data (flags derived from site id, slug, name, group or manufacturer).
 * A rule whose `match` fits a site sets its `set` flags, in `position` order; a site's own flags win.
 * `key` names a rule the platform itself writes (the spec's rules, the demo's), so it can write it again.
 */
export const featureRules = pgTable(
  "feature_rules",
  {
    id: serial("id").primaryKey(),
    key: text("key").unique(),
    position: integer("position").notNull().default(0),
    why: text("why").notNull(),
    match: jsonb("match").$type<FeatureRule["match"]>().notNull(),
    set: jsonb("set").$type<Partial<SiteFeatureFlags>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("feature_rules_position").on(t.position, t.id)],
);
