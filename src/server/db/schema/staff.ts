import "server-only";
import { index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";
import { staffUsers } from "./accounts";
import { sites } from "./sites";

/* Staff roles per site, invitations and the back-office's audit log. */

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
