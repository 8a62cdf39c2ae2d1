import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { acquireLock } from "./lock";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = { db: Db; driver: "pglite" | "postgres"; close: () => Promise<void> };

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

export type OpenOptions =
  | { driver: "postgres"; url: string; max?: number }
  | { driver: "pglite"; dataDir: string } // a folder, locked for this process
  | { driver: "pglite"; memory: true };

/** One place that picks the driver. Migrations always run before the database is handed out. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.driver === "postgres") {
    const sql = postgres(opts.url, { max: opts.max ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { schema });
    await migratePostgres(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return { db: db as unknown as Db, driver: "postgres", close: () => sql.end({ timeout: 5 }) };
  }
  const lock = "dataDir" in opts ? acquireLock(opts.dataDir) : undefined;
  try {
    const client = "dataDir" in opts ? await PGlite.create(path.resolve(opts.dataDir)) : await PGlite.create();
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER });
    return {
      db: db as unknown as Db,
      driver: "pglite",
      close: async () => {
        await client.close();
        lock?.release();
      },
    };
  } catch (e) {
    lock?.release();
    throw e;
  }
}
