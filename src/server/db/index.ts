import { isEmpty, reanchorDemoClock, seedDemoData } from "@/server/demo/seed";
import { env } from "@/server/env";
import { log } from "@/server/log";
import { openDatabase, type Database, type Db } from "./client";

export type { Db } from "./client";

const g = globalThis as unknown as { __dealerDb?: Promise<Database> };

/** Opens the configured database once per process, migrates it, seeds it on first start. */
async function init(): Promise<Database> {
  const e = env();
  const database = e.DATABASE_URL
    ? await openDatabase({ driver: "postgres", url: e.DATABASE_URL })
    : e.DATA_DIR === ":memory:"
      ? await openDatabase({ driver: "pglite", memory: true })
      : await openDatabase({ driver: "pglite", dataDir: e.DATA_DIR });
  if (await isEmpty(database.db)) {
    const t0 = Date.now();
    const r = await seedDemoData(database.db);
    log.info({ ...r, ms: Date.now() - t0, driver: database.driver }, "seeded demo data on first start");
  } else {
    const shifted = await reanchorDemoClock(database.db);
    if (shifted) log.info({ shiftedMs: shifted }, "moved the demo clock forward");
  }
  log.info({ driver: database.driver }, "database ready");
  return database;
}

export function getDatabase(): Promise<Database> {
  if (!g.__dealerDb) {
    g.__dealerDb = init().catch((e) => {
      g.__dealerDb = undefined;
      throw e;
    });
  }
  return g.__dealerDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}
