import "server-only";
import { afterAll, beforeAll } from "vitest";
import { getDatabase } from "@/server/db";
import type { Db } from "@/server/db/client";

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
