import "server-only";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sites } from "./sites";

/* Better Auth's tables: customers' (logged-in customer) and staff's, each apart. */

/**
 * Customer accounts, in Better Auth's tables (user, session, account, verification)
 * with our own names. An account belongs to one dealer group's sites (its realm, a fixed
 * list of group sites): the same email may hold separate accounts in two groups, and a session
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
export function authAccounts<U extends typeof customerUsers | typeof staffUsers>(name: string, users: U) {
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

/**
 * The dealer back-office's staff, in Better Auth's tables with their own names: staff
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
    /** "platform" for a platform operator (every site, the console); null for dealer staff. Set by `npm run operator:create` only. */
    platformRole: text("platform_role"),
    /** owners and managers get the weekly report email unless they turn it off */
    weeklyReport: boolean("weekly_report").notNull().default(true),
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
