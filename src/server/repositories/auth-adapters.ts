import "server-only";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

/*
 * The account library (Better Auth) reads and writes its own tables through its Drizzle adapter;
 * these hand it the tables, so that the modules which configure the library need no schema.
 * Shoppers' accounts and the back-office's staff live on separate tables.
 */

/** The adapter over the shoppers' account tables (auth.ts scopes it further to the site's realm). */
export const customerAuthDatabase = (db: Db) =>
  drizzleAdapter(db, {
    provider: "pg",
    schema: { user: t.customerUsers, session: t.customerSessions, account: t.customerAccounts, verification: t.customerVerifications },
  });

/** The adapter over the back-office's staff account tables. */
export const staffAuthDatabase = (db: Db) =>
  drizzleAdapter(db, {
    provider: "pg",
    schema: { user: t.staffUsers, session: t.staffSessions, account: t.staffAccounts, verification: t.staffVerifications },
  });
