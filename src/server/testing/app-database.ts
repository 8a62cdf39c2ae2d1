import "server-only";
import { inArray, like } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { getDatabase } from "@/server/db";
import type { Db } from "@/server/db/client";
import * as t from "@/server/db/schema";

/**
 * The app's own database for a test file of route handlers (in memory, migrated and seeded: see
 * vitest.config.ts), opened before the file's tests and closed after them; `after` runs first (a
 * file's own cleanup). The handle answers as soon as the database is open.
 */
export function setupAppDatabase(opts: { after?: () => Promise<unknown> } = {}): Db {
  let db: Db | null = null;
  beforeAll(async () => {
    db = (await getDatabase()).db;
  });
  afterAll(async () => {
    await opts.after?.();
    await (await getDatabase()).close().catch(() => {});
  });
  return new Proxy({} as Db, {
    get(_, prop) {
      if (!db) throw new Error("setupAppDatabase: the database is opened in beforeAll; use it inside a test or hook");
      const value = Reflect.get(db, prop, db) as unknown;
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(db) : value;
    },
  });
}

/** Deletes the sites a test run made, by their slugs' `-{run}` ending (PostgreSQL keeps the last run's until then). */
export async function deleteRunSites(db: Db, run: string): Promise<void> {
  const ids = (
    await db
      .select({ id: t.sites.id })
      .from(t.sites)
      .where(like(t.sites.slug, `%-${run}`))
  ).map((r) => r.id);
  if (ids.length) await db.delete(t.sites).where(inArray(t.sites.id, ids));
}
