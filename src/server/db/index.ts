import "server-only";
import { env } from "@/server/base/env";
import { serverNow } from "@/server/base/clock";
import { log } from "@/server/base/log";
import { memoryCopy, openDatabase, type Database, type Db } from "./client";
import { isLostConnection } from "./errors";
import { prepareDatabase } from "./startup";
import type { DatabaseHealth } from "./health";
import { forget, recall, remember } from "@/server/base/remember";

export type { Db } from "./client";

const DATABASE = "dealer-db";
/** The open database's health, once it is open (a PostgreSQL server can go away). */
const health = () => remember("dealer-db-health", (): { current?: DatabaseHealth } => ({}));

/**
 * Opens the configured database once per process and migrates it. An empty database is seeded
 * with the demo tenants only when asked: by default on the embedded database (`npm start` works
 * with nothing else), never on a PostgreSQL server unless SEED_DEMO_DATA=true or `npm run seed`.
 */
async function init(): Promise<Database> {
  const e = env();
  const database = e.DATABASE_URL
    ? await openDatabase({ driver: "postgres", url: e.DATABASE_URL })
    : e.DATA_DIR === ":memory:"
      ? await openDatabase({
          driver: "pglite",
          memory: true,
          from: await memoryCopy(e.TEST_MEMORY_DATABASE_FROM, "seeded"),
          sharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB,
        })
      : await openDatabase({ driver: "pglite", dataDir: e.DATA_DIR, sharedBuffersMb: e.PGLITE_SHARED_BUFFERS_MB });
  const t0 = Date.now();
  const r = await prepareDatabase(database, { seed: e.SEED_DEMO_DATA ?? !e.DATABASE_URL, now: serverNow });
  if (r.seeded) log.info({ vehicles: r.vehicles, ms: Date.now() - t0, driver: database.driver }, "seeded demo data on first start");
  else if (r.empty)
    log.warn(
      { driver: database.driver },
      "the database has no sites: run `npm run seed` (or start with SEED_DEMO_DATA=true) to load the demo tenants",
    );
  else if (r.shiftedMs) log.info({ shiftedMs: r.shiftedMs }, "moved the demo clock forward");
  log.info({ driver: database.driver }, "database ready");
  // a PostgreSQL server can go away; the embedded database lives in this process
  health().current = database.health;
  return database;
}

/** The database if this process opened it (or is opening it), without opening it (shutdown closes it). */
export const openedDatabase = (): Promise<Database> | undefined => recall<Promise<Database>>(DATABASE);

export function getDatabase(): Promise<Database> {
  return remember(DATABASE, () =>
    init().catch((e) => {
      forget(DATABASE); // the next caller tries again
      throw e;
    }),
  );
}

/** The database; while it is known to be down, a DatabaseDownError at once (a 503 without waiting for a connect timeout). */
export async function getDb(): Promise<Db> {
  const database = await getDatabase();
  database.health?.check();
  return database.db;
}

/** A connection error (the database went away); noted, so the next requests fail fast until it answers again. */
export function isConnectionError(e: unknown): boolean {
  const lost = isLostConnection(e);
  if (lost) health().current?.noteConnectionError();
  return lost;
}

/**
 * True when the database answers within `timeoutMs` (for the error pages: 503 vs 500); with `since`
 * (when the request began), false too when it was down at any moment since (health.ts: isUp).
 */
export async function isDatabaseUp(opts: { since?: number; timeoutMs?: number } = {}): Promise<boolean> {
  const timeoutMs = opts.timeoutMs ?? 2000;
  const pending = openedDatabase();
  if (!pending) return false;
  const known = health().current;
  if (known) return known.isUp(opts.since);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), timeoutMs)));
  try {
    await Promise.race([pending.then((d) => d.ping()), timeout]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
