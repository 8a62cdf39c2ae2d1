import "server-only";
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from "drizzle-orm/pg-core";
import type {
  Address,
  ContactDetail,
  OpeningHourEntry,
  SiteColours,
  SiteFeatureFlags,
  SiteIntegrations,
  SiteLogo,
  SearchPresets,
  SocialUrls,
} from "@/domain/site/types";
import type { BlogSettings } from "@/domain/content/types";
import type { LeadDeliveryConfig } from "@/domain/leads/delivery";
import type { SearchPageTemplates } from "@/domain/stock/landing";
import type { RatingDistribution, ReviewProfile } from "@/domain/locations/reviews";
import { ACCENTED, PLAIN } from "@/domain/stock/keywords";
import type { SiteSecrets } from "@/server/site-secrets";

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
  country: text("country").notNull().default("AU"),
  timezone: text("timezone").notNull().default("Australia/Melbourne"),
  currency: text("currency").notNull().default("AUD"),
  phone: text("phone"),
  email: text("email"),
  socialUrls: jsonb("social_urls").$type<SocialUrls>().notNull().default({}),
  logo: jsonb("logo").$type<SiteLogo>().notNull().default({}),
  colours: jsonb("colours").$type<SiteColours>().notNull(),
  features: jsonb("features").$type<Partial<SiteFeatureFlags>>().notNull().default({}),
  /** SPEC §7: the ids of the site's third-party scripts and its ad conversions API (widgets.ts) */
  integrations: jsonb("integrations").$type<SiteIntegrations>().notNull().default({}),
  /** credentials the server uses for the site (server/site-secrets.ts); never part of the site record the pages get */
  secrets: jsonb("secrets").$type<SiteSecrets>().notNull().default({}),
  searchPresets: jsonb("search_presets").$type<SearchPresets>().notNull().default({}),
  defaultSort: text("default_sort").notNull().default("relevance"),
  includeSoldCarsDays: integer("include_sold_cars_days").notNull().default(3),
  paymentProvider: text("payment_provider"),
  /** the garage's name on this site (SPEC §2 "/my-garage: the name differs per site") */
  garageName: text("garage_name"),
  financeProvider: text("finance_provider").default("Manual"),
  openingHours: jsonb("opening_hours").$type<OpeningHourEntry[]>().notNull().default([]),
  /** SPEC §3 gmb_profiles: the review profiles (name, id, review_url) the site's reviews come from */
  gmbProfiles: jsonb("gmb_profiles").$type<ReviewProfile[]>().notNull().default([]),
  /** SPEC §3 blogs: the blog list's layout and posts per page */
  blogs: jsonb("blogs").$type<BlogSettings>().notNull().default({ layout: "grid", count: 6 }),
  /** SPEC §7 search_page_templates: the site's own H1, title and description of its search landing pages */
  searchPageTemplates: jsonb("search_page_templates").$type<SearchPageTemplates>().notNull().default({}),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** issue 16: where the site's leads are delivered besides its locations' addresses (src/domain/leads/delivery.ts) */
  leadDelivery: jsonb("lead_delivery").$type<LeadDeliveryConfig>().notNull().default({}),
  /** when the site's platform data (locations, hours, navigation) last changed: the data API's Last-Modified */
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A franchise / dealership within a site (SPEC §3 dealership_websites list). */
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
    /** issue 16: consecutive full stock feeds this car was missing from (two make it sold) */
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

export const leads = pgTable(
  "leads",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    /** Leads from demo (mock) sites are stored apart and never delivered to a dealer. */
    isMock: boolean("is_mock").notNull().default(false),
    category: text("category").notNull(),
    subcategory: text("subcategory"),
    name: text("name"),
    firstName: text("first_name"),
    lastName: text("last_name"),
    email: text("email"),
    phone: text("phone"),
    postcode: text("postcode"),
    dealershipSlug: text("dealership_slug"),
    locationId: integer("location_id"),
    vehicleId: integer("vehicle_id"),
    source: text("source").notNull().default("Website"),
    /** the signed-in customer who sent it (their garage lists it); null for a guest */
    customerId: text("customer_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** issue 16 back-office: new → contacted → won | lost (src/domain/staff/leads.ts) */
    status: text("status").notNull().default("new"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("leads_site_created").on(t.siteId, t.createdAt),
    index("leads_customer").on(t.customerId, t.siteId),
    uniqueIndex("leads_site_id").on(t.siteId, t.id),
    // the location and car a lead is about are the same site's; removing either keeps the lead
    // (the migration writes ON DELETE SET NULL (column), so site_id is never cleared)
    foreignKey({ name: "leads_location_fk", columns: [t.siteId, t.locationId], foreignColumns: [locations.siteId, locations.id] }).onDelete(
      "set null",
    ),
    foreignKey({ name: "leads_vehicle_fk", columns: [t.siteId, t.vehicleId], foreignColumns: [vehicles.siteId, vehicles.id] }).onDelete(
      "set null",
    ),
  ],
);

/**
 * The lead delivery outbox (issue 16): one row per lead and channel target, written in the lead's
 * own transaction; workers claim due rows with FOR UPDATE SKIP LOCKED and a lease, so several
 * processes never deliver one row at the same time and a crash mid-delivery only delays it.
 */
export const leadDeliveries = pgTable(
  "lead_deliveries",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    leadId: uuid("lead_id").notNull(),
    /** issue 31: which submission of the lead this job delivers (0 the lead as first sent, n its n-th update) */
    submission: integer("submission").notNull().default(0),
    /** email | adf_email | webhook */
    channel: text("channel").notNull(),
    /** the address or URL */
    target: text("target").notNull(),
    /** pending | delivered | failed */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** a worker holds the row until then (a dead worker's claim lapses) */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("lead_deliveries_once").on(t.leadId, t.submission, t.channel, t.target),
    index("lead_deliveries_due").on(t.status, t.nextAttemptAt),
    foreignKey({ name: "lead_deliveries_lead_fk", columns: [t.siteId, t.leadId], foreignColumns: [leads.siteId, leads.id] }).onDelete(
      "cascade",
    ),
  ],
);

/**
 * Issue 31: every submission of a lead, in order: nothing a shopper typed is lost when the same
 * form is sent again or the success page adds to it. Written with the first update (seq 0 is the
 * lead as first sent, from its row as it then was; seq n the n-th update); a lead never updated has
 * none (its row is its only submission).
 */
export const leadSubmissions = pgTable(
  "lead_submissions",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull(),
    leadId: uuid("lead_id").notNull(),
    seq: integer("seq").notNull(),
    /** the form it came from */
    form: text("form"),
    /** the whole lead as it stood after this submission */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    /** what this submission changed ([{field, from, to}]; empty for the first) */
    changes: jsonb("changes").$type<Array<{ field: string; from: unknown; to: unknown }>>().notNull().default([]),
    /** attachments it added (file names) */
    files: jsonb("files").$type<string[]>().notNull().default([]),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lead_submissions_seq").on(t.siteId, t.leadId, t.seq),
    foreignKey({ name: "lead_submissions_lead_fk", columns: [t.siteId, t.leadId], foreignColumns: [leads.siteId, leads.id] }).onDelete(
      "cascade",
    ),
  ],
);

/** Every delivery attempt and its outcome (status codes and error kinds only: never personal data). */
export const leadDeliveryAttempts = pgTable(
  "lead_delivery_attempts",
  {
    id: serial("id").primaryKey(),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => leadDeliveries.id, { onDelete: "cascade" }),
    siteId: integer("site_id").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    detail: text("detail"),
    durationMs: integer("duration_ms").notNull(),
  },
  (t) => [index("lead_delivery_attempts_delivery").on(t.deliveryId)],
);

/** Attachments of a lead (POST /api/leads/with-files); the bytes live on disk under UPLOAD_DIR. */
export const leadFiles = pgTable(
  "lead_files",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    leadId: uuid("lead_id").notNull(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    path: text("path").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lead_files_lead").on(t.leadId),
    // a file belongs to a lead of its own site
    foreignKey({ name: "lead_files_lead_fk", columns: [t.siteId, t.leadId], foreignColumns: [leads.siteId, leads.id] }).onDelete("cascade"),
  ],
);

/**
 * Customer accounts (issue 13), in Better Auth's tables (user, session, account, verification)
 * with our own names. An account belongs to one dealer group's sites (its realm, SPEC §6 "a fixed
 * list of group sites"): the same email may hold separate accounts in two groups, and a session
 * belongs to the one site it was made on (src/server/auth/scoped-adapter.ts adds both to every query).
 */
export const customerUsers = pgTable(
  "customer_users",
  {
    id: text("id").primaryKey(),
    realm: text("realm").notNull(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_users_realm_email").on(t.realm, t.email)],
);

export const customerSessions = pgTable(
  "customer_sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => customerUsers.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_sessions_user").on(t.userId)],
);

/** Better Auth's account table (a password hash or a provider's tokens per user), for customers and for staff alike. */
function authAccounts<U extends typeof customerUsers | typeof staffUsers>(name: string, users: U) {
  return pgTable(
    name,
    {
      id: text("id").primaryKey(),
      accountId: text("account_id").notNull(),
      providerId: text("provider_id").notNull(),
      userId: text("user_id")
        .notNull()
        .references(() => users.id, { onDelete: "cascade" }),
      accessToken: text("access_token"),
      refreshToken: text("refresh_token"),
      idToken: text("id_token"),
      accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
      refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
      scope: text("scope"),
      /** the library's password hash (scrypt); never the password */
      password: text("password"),
      createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
      updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [index(`${name}_user`).on(t.userId)],
  );
}

export const customerAccounts = authAccounts("customer_accounts", customerUsers);

export const customerVerifications = pgTable(
  "customer_verifications",
  {
    id: text("id").primaryKey(),
    realm: text("realm").notNull(),
    /** hashed by the library (verification.storeIdentifier "hashed"): a leaked table holds no usable link */
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("customer_verifications_identifier").on(t.identifier)],
);

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
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.siteId, t.vehicleId] }),
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
  },
  (t) => [uniqueIndex("saved_searches_user_site_href").on(t.userId, t.siteId, t.href)],
);

/** The details a signed-in customer saved to prefill forms (name, phone, postcode). */
export const customerDetails = pgTable("customer_details", {
  userId: text("user_id")
    .primaryKey()
    .references(() => customerUsers.id, { onDelete: "cascade" }),
  details: jsonb("details").$type<Record<string, string>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Reserve online (issue 13): a refundable deposit holding one car. At most one active order
 * (pending within its hold, or paid) per car, by a unique index, so that of any number of buyers at
 * once exactly one gets the car. The lead it created is the dealer's notice of it.
 */
export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id),
    /** the car (cleared if the car is removed; the order stays) */
    vehicleId: integer("vehicle_id"),
    leadId: uuid("lead_id").notNull(),
    customerId: text("customer_id"),
    /** pending → paid, or cancelled/expired (the car is free again) */
    status: text("status").notNull().default("pending"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    provider: text("provider").notNull(),
    /** the provider's checkout reference */
    providerRef: text("provider_ref"),
    /** the local test provider only: what the buyer pressed on its page */
    providerStatus: text("provider_status"),
    /** for the confirmation page's greeting (the rest of the buyer's details are on the lead) */
    firstName: text("first_name").notNull(),
    /** issue 31: who holds it, to count a shopper's unpaid holds (lower-cased email; the client address) */
    holderEmail: text("holder_email"),
    clientAddress: text("client_address"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("orders_one_active_per_vehicle")
      .on(t.siteId, t.vehicleId)
      .where(sql`status in ('pending', 'paid')`),
    foreignKey({ name: "orders_vehicle_fk", columns: [t.siteId, t.vehicleId], foreignColumns: [vehicles.siteId, vehicles.id] }).onDelete(
      "set null",
    ),
    foreignKey({ name: "orders_lead_fk", columns: [t.siteId, t.leadId], foreignColumns: [leads.siteId, leads.id] }),
  ],
);

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

/**
 * A site's editable content (issue 12): pages, blog posts, special offers and the words on brand
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

/**
 * The dealer back-office's staff (issue 16), in Better Auth's tables with their own names: staff
 * accounts are apart from customers' (another instance, other tables, another cookie) and are made
 * only by an owner's invitation (or the demo seed). What a staff member may see is their roles.
 */
export const staffUsers = pgTable(
  "staff_users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_users_email").on(t.email)],
);

export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_sessions_user").on(t.userId)],
);

export const staffAccounts = authAccounts("staff_accounts", staffUsers);

export const staffVerifications = pgTable(
  "staff_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_verifications_identifier").on(t.identifier)],
);

/** A staff member's role on one site: owner | manager | sales (src/domain/staff/roles.ts). */
export const staffRoles = pgTable(
  "staff_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.siteId] }), index("staff_roles_site").on(t.siteId)],
);

/** An owner's invitation by email; the link carries a token whose SHA-256 is stored (never the token). */
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    email: text("email").notNull(),
    role: text("role").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => staffUsers.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
  },
  (t) => [index("staff_invitations_site").on(t.siteId)],
);

/** A lead's history in the back-office: status changes and notes, by whom. */
export const leadNotes = pgTable(
  "lead_notes",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull(),
    leadId: uuid("lead_id").notNull(),
    staffId: text("staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    statusFrom: text("status_from"),
    statusTo: text("status_to"),
    body: text("body").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lead_notes_lead").on(t.leadId),
    foreignKey({ name: "lead_notes_lead_fk", columns: [t.siteId, t.leadId], foreignColumns: [leads.siteId, leads.id] }).onDelete("cascade"),
  ],
);

/** Every back-office change: who, when, what, and the record before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id")
      .notNull()
      .references(() => sites.id, { onDelete: "cascade" }),
    staffId: text("staff_id"),
    staffEmail: text("staff_email").notNull(),
    /** e.g. opening_hours.update, special_hours.update, vehicle.update, stock.import, staff.invite */
    action: text("action").notNull(),
    /** what was changed: "location:10011", "vehicle:123", "site" */
    entity: text("entity").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_site_at").on(t.siteId, t.at)],
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
