import "server-only";
import path from "node:path";
import { mkdir, readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { makeOwnerOnly, OWNER_ONLY } from "@/server/base/owner-only";
import { acquireLock } from "./lock";
import { databaseHealth, type DatabaseHealth } from "./health";
import { isLostConnection } from "./errors";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Database = {
  db: Db;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
  /** one round trip (select 1): rejects when the database does not answer */
  ping: () => Promise<void>;
  /**
   * Runs `fn` while holding a database-wide lock (a PostgreSQL advisory lock; the embedded
   * database is one process already), so that several app processes starting together migrate,
   * seed and re-anchor the demo clock once, one after another.
   */
  exclusive: <T>(key: number, fn: () => Promise<T>) => Promise<T>;
  /** a PostgreSQL server can go away (health.ts: fail fast while it is down); the embedded database cannot */
  health?: DatabaseHealth;
  /** the embedded database on disk: a consistent gzip tarball of its data directory (backup-control.ts) */
  dumpDataDir?: () => Promise<Blob>;
};

/** Advisory lock keys (one number per start-up task). */
export const LOCK_KEYS = { startup: 72_616_001 } as const;

/** The longest a connection waits before it tries to connect again after a failed attempt, in seconds. */
export const RECONNECT_MAX_SECONDS = 0.5;

/**
 * The wait before a pooled connection connects again, after `failures` failed attempts in a row
 * (the pool's count), in seconds: doubling from 20 ms to RECONNECT_MAX_SECONDS, with jitter so
 * that processes do not knock together. The driver's own backoff grows to 10–20 s after seven
 * failures, and a query handed to such a connection waits all of it even once the server is back
 * and another connection is free: after an outage of half a minute (a probe every second) a page
 * took 11–17 s. Short waits cost nothing while the server is down: requests fail fast without
 * connecting (health.ts), so only the once-a-second probe, a listener and the rate limiter try.
 */
export function reconnectDelaySeconds(failures: number, random: () => number = Math.random): number {
  return Math.min(RECONNECT_MAX_SECONDS, 0.02 * 2 ** Math.max(0, failures - 1)) * (0.5 + random() / 2);
}

/** Fail fast while the server is down, and come back as soon as it is up again (every pool we open). */
export const POSTGRES_TIMEOUTS = {
  connect_timeout: 2,
  idle_timeout: 30,
  max_lifetime: 60 * 30,
  backoff: (failures: number) => reconnectDelaySeconds(failures),
} as const;
/** No statement runs longer than this (a stuck query frees its connection), nor idles in a transaction. */
export const POSTGRES_SESSION = { statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 } as const;

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

export type OpenOptions = (
  | { driver: "postgres"; url: string; max?: number }
  | { driver: "pglite"; dataDir: string; sharedBuffersMb?: number } // a folder, locked for this process
  | {
      driver: "pglite";
      memory: true;
      /** starts from this copy of a database's files (a PGlite dump) */ from?: Blob;
      sharedBuffersMb?: number;
    }
) & { /** tests of a migration open a database at an earlier one */ migrationsFolder?: string };

/**
 * The client drizzle gets: every query a named prepared statement on its connection.
 * Drizzle runs queries through `unsafe`, which postgres.js leaves unprepared: PostgreSQL then
 * parses and plans each one again, and a query with parameters first waits for a Describe round
 * trip. Prepared, a query is one round trip and its plan is reused (each connection keeps its
 * statements until it is recycled: POSTGRES_TIMEOUTS.max_lifetime).
 */
export function preparing(sql: postgres.Sql, health?: DatabaseHealth): postgres.Sql {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key === "unsafe")
        return (query: string, args?: unknown[], options: Record<string, unknown> = {}) => {
          const q = target.unsafe(query, args as postgres.ParameterOrJSON<never>[], { ...options, prepare: true });
          return health ? watchedQuery(q, health) : q;
        };
      if (key === "begin")
        return (...args: unknown[]) => {
          const fn = args.pop() as (tx: postgres.TransactionSql) => unknown;
          return (target.begin as (...a: unknown[]) => unknown)(...args, (tx: postgres.TransactionSql) =>
            fn(preparing(tx as unknown as postgres.Sql, health) as unknown as postgres.TransactionSql),
          );
        };
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

/**
 * A query as drizzle uses it (awaited, or `.values()` then awaited), run under the health watch. The
 * driver's query starts when first awaited, so `.values()` only switches its mode before that.
 */
function watchedQuery(q: PromiseLike<unknown> & { values(): unknown }, health: DatabaseHealth) {
  let run: Promise<unknown> | null = null;
  // A query that lost its connection marks the database down, so that the page that sent it answers
  // 503 (guardServerErrors asks the health) rather than 500 once a ping finds the server back. The
  // driver can also hand the first query on a reconnected connection the error that cut the
  // connection before (a 57P01 from the server that stopped): the next probe, a second later, brings it back.
  const start = () =>
    (run ??= health.watch(q).catch((e: unknown) => {
      if (isLostConnection(e)) health.noteConnectionError();
      throw e;
    }));
  const wrapper = {
    values() {
      q.values();
      return wrapper;
    },
    then<A, B>(ok?: (v: unknown) => A | PromiseLike<A>, fail?: (e: unknown) => B | PromiseLike<B>) {
      return start().then(ok, fail);
    },
    catch<B>(fail?: (e: unknown) => B | PromiseLike<B>) {
      return start().catch(fail);
    },
    finally(f?: () => void) {
      return start().finally(f);
    },
  };
  return wrapper;
}

/**
 * A gzip tarball of the embedded database's data directory (docs/operations/backup.md). A checkpoint
 * first writes what is in memory to the files, so the copy loads with little WAL to replay; then the
 * files are copied while no transaction is open (PGlite's transaction queue is held) and no query
 * runs (dumpDataDir holds the query queue): the copy holds every commit made before it and nothing
 * half-done. (A query inside the held transaction queue would wait for itself: PGlite's plain
 * queries take that queue too, so the checkpoint runs before it.)
 */
export async function consistentDump(client: PGlite, compression: "gzip" | "none" = "gzip"): Promise<Blob> {
  await client.exec("CHECKPOINT");
  return client._runExclusiveTransaction(() => client.dumpDataDir(compression));
}

/**
 * One of the copies a test run starts its in-memory databases from (TEST_MEMORY_DATABASE_FROM:
 * `seeded` or `migrated`), or none without the setting. A missing copy is an error, never an empty
 * database in its place.
 */
export async function memoryCopy(folder: string | undefined, name: "seeded" | "migrated"): Promise<Blob | undefined> {
  if (!folder) return undefined;
  return new Blob([await readFile(path.join(folder, `${name}.tar`))]);
}

/**
 * PGlite's buffer pool in megabytes. Its own default (160 MB) is zeroed inside the WebAssembly
 * memory at start, so the whole of it is resident in every process from the first second; the demo
 * database's working set fits in a few megabytes, and the operating system's page cache holds the
 * files behind it anyway.
 */
export const PGLITE_SHARED_BUFFERS_MB = 16;

/** PGlite's start-up arguments with the buffer pool set to `sharedBuffersMb`. */
export const pgliteStartParams = (sharedBuffersMb: number) => [...PGlite.defaultStartParams, "-c", `shared_buffers=${sharedBuffersMb}MB`];

/** One place that picks the driver. Migrations always run before the database is handed out. */
export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.driver === "postgres") {
    const sql = postgres(opts.url, { max: opts.max ?? 10, onnotice: () => {}, ...POSTGRES_TIMEOUTS, connection: { ...POSTGRES_SESSION } });
    const ping = async () => void (await sql`select 1`);
    const health = databaseHealth(ping);
    const db = drizzlePostgres(preparing(sql, health), { schema });
    const exclusive = async <T>(key: number, fn: () => Promise<T>): Promise<T> => {
      const conn = await sql.reserve();
      try {
        await conn`select pg_advisory_lock(${key})`;
        try {
          return await fn();
        } finally {
          await conn`select pg_advisory_unlock(${key})`;
        }
      } finally {
        conn.release();
      }
    };
    try {
      await exclusive(LOCK_KEYS.startup, () => migratePostgres(db, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_FOLDER }));
    } catch (e) {
      await sql.end({ timeout: 1 }).catch(() => {});
      throw e;
    }
    return {
      db: db as unknown as Db,
      driver: "postgres",
      close: async () => {
        health.stop();
        await sql.end({ timeout: 5 });
      },
      ping,
      exclusive,
      health,
    };
  }
  // a new data folder's missing parents are the owner's alone from the start (an existing parent is left as it is)
  if ("dataDir" in opts) await mkdir(path.dirname(path.resolve(opts.dataDir)), { recursive: true, mode: OWNER_ONLY.dir });
  const lock = "dataDir" in opts ? await acquireLock(opts.dataDir) : undefined;
  try {
    // the extensions the migrations create (pg_trgm: keyword search) must be loaded into PGlite
    const extensions = { pg_trgm };
    const startParams = pgliteStartParams(opts.sharedBuffersMb ?? PGLITE_SHARED_BUFFERS_MB);
    const client =
      "dataDir" in opts
        ? await PGlite.create(path.resolve(opts.dataDir), { extensions, startParams })
        : await PGlite.create({ extensions, startParams, ...(opts.from ? { loadDataDir: opts.from } : {}) });
    const db = drizzlePglite(client, { schema });
    await migratePglite(db, { migrationsFolder: opts.migrationsFolder ?? MIGRATIONS_FOLDER });
    // PGlite writes the files it unpacks 0666, whatever the umask; this also closes a folder left open before
    if ("dataDir" in opts) await makeOwnerOnly(path.resolve(opts.dataDir));
    return {
      db: db as unknown as Db,
      driver: "pglite",
      ping: async () => void (await client.query("select 1")),
      exclusive: (_key, fn) => fn(),
      ...("dataDir" in opts ? { dumpDataDir: () => consistentDump(client) } : {}),
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
