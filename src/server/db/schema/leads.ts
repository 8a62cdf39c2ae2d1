import "server-only";
import { boolean, date, foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { staffUsers } from "./accounts";
import { sites, locations } from "./sites";
import { vehicles } from "./stock";

/* Leads (lead payload), their deliveries, submissions, files and the notes staff add. */

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
    /** back-office: new → contacted → won | lost (LEAD_STATUSES in src/domain/staff/roles.ts) */
    status: text("status").notNull().default("new"),
    /** the salesperson the lead is assigned to, and when */
    assignedTo: text("assigned_to").references(() => staffUsers.id, { onDelete: "set null" }),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    /** its first status change (the response timer stops) */
    firstContactAt: timestamp("first_contact_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("leads_site_created").on(t.siteId, t.createdAt),
    index("leads_customer").on(t.customerId, t.siteId),
    index("leads_site_assigned").on(t.siteId, t.assignedTo),
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
 * The lead delivery outbox : one row per lead and channel target, written in the lead's
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
    /** which submission of the lead this job delivers (0 the lead as first sent, n its n-th update) */
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
 * Every submission of a lead, in order: nothing a shopper typed is lost when the same
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

/**
 * The `Idempotency-Key` a lead was created with, per site: a shopper's retry of the same submission
 * (after a 503 or a lost answer) gets the first lead's answer instead of a second lead. Written in
 * the lead's own statement, so a lead and its key are stored together or not at all; the unique
 * index decides between two repeats that arrive together. A key counts for 24 hours.
 */
export const leadIdempotencyKeys = pgTable(
  "lead_idempotency_keys",
  {
    siteId: integer("site_id").notNull(),
    key: text("key").notNull(),
    /** a digest of what was sent with the key: the same key with another enquiry is refused */
    requestHash: text("request_hash").notNull(),
    leadId: uuid("lead_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("lead_idempotency_keys_site_key").on(t.siteId, t.key),
    // spent keys are cleared by age; a lead's deletion finds its key without a scan
    index("lead_idempotency_keys_site_created").on(t.siteId, t.createdAt),
    index("lead_idempotency_keys_site_lead").on(t.siteId, t.leadId),
    foreignKey({ name: "lead_idempotency_keys_lead_fk", columns: [t.siteId, t.leadId], foreignColumns: [leads.siteId, leads.id] }).onDelete(
      "cascade",
    ),
  ],
);

/**
 * Attachments of a lead (POST /api/leads/with-files). The bytes are in the private file store
 * (src/server/files/private-files.ts); `path` names which: `s3:private/…` in the bucket, `disk:leads/…`
 * under UPLOAD_DIR (wherever it is now), or, in rows written before `disk:`, the file's absolute path.
 */
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

/**
 * A call a salesperson logged on a lead (docs/features/back-office.md): what happened, a note and,
 * when they mean to try again, the day to follow up (the inbox shows the next one per lead).
 */
export const leadCalls = pgTable(
  "lead_calls",
  {
    id: serial("id").primaryKey(),
    siteId: integer("site_id").notNull(),
    leadId: uuid("lead_id").notNull(),
    staffId: text("staff_id").references(() => staffUsers.id, { onDelete: "set null" }),
    staffName: text("staff_name").notNull(),
    outcome: text("outcome").notNull(),
    note: text("note").notNull().default(""),
    /** a calendar day in the site's time zone (no time of day: "call back on Tuesday") */
    followUpOn: date("follow_up_on", { mode: "string" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("lead_calls_lead").on(t.siteId, t.leadId),
    foreignKey({ name: "lead_calls_lead_fk", columns: [t.siteId, t.leadId], foreignColumns: [leads.siteId, leads.id] }).onDelete("cascade"),
  ],
);
