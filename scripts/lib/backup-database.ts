// The database's part of a backup (docs/operations/backup.md): the embedded database dumped by the
// server that holds it (its control socket) or, when none runs, by this process on its files; a
// PostgreSQL database by pg_dump -Fc in the same snapshot its rows are counted in. And back again.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, readdirSync, readFileSync } from "node:fs";
import { chmod, mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import postgres from "postgres";
import { requestDump } from "@/server/db/backup-control";
import { consistentDump } from "@/server/db/client";
import { acquireLock, DatabaseLockedError } from "@/server/db/lock";
import { appsConnected, CACHE_TABLES, countRows, type DbSession, migrationLevel, sessionNames, SIGN_IN_TABLES } from "./backup";
import { makePrivate, PRIVATE_MODES } from "./backup-files";

const EXTENSIONS = { pg_trgm };
const JOURNAL = "drizzle/meta/_journal.json";

type Counted = { rows: Record<string, number>; migrations: { applied: number; last: string | null } };
export type Dumped = Counted & { madeBy: "server" | "direct" | "pg_dump"; dumpMs: number; at: Date };

const journal = (): Array<{ tag: string }> => (JSON.parse(readFileSync(JOURNAL, "utf8")) as { entries: Array<{ tag: string }> }).entries;

/** Rows per table and the migration level, through a raw query function. */
async function counted(query: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<Counted> {
  const rows = await countRows(query);
  return { rows, migrations: migrationLevel(rows["drizzle.__drizzle_migrations"] ?? 0, journal()) };
}

const pgliteQuery = (pg: PGlite) => async (sql: string) => (await pg.query<Record<string, unknown>>(sql)).rows;

/** Counts a dumped data directory's rows by loading it into memory (which proves the tarball loads, too). */
export async function countTarball(file: string): Promise<Counted> {
  const pg = await PGlite.create({ loadDataDir: new Blob([await readFile(file)], { type: "application/gzip" }), extensions: EXTENSIONS });
  try {
    return await counted(pgliteQuery(pg));
  } finally {
    await pg.close();
  }
}

/**
 * The dumped data directory in `file` without live sign-ins (SIGN_IN_TABLES emptied), written back in
 * its place, and its rows counted. The tarball is a copy of the files, so a row deleted the usual way
 * would still be in its table's file and in the write-ahead log: TRUNCATE gives the tables new, empty
 * files, and the log is moved to a new segment with the old one removed, not kept for reuse.
 */
export async function withoutSignIns(file: string): Promise<Counted> {
  const pg = await PGlite.create({ loadDataDir: new Blob([await readFile(file)], { type: "application/gzip" }), extensions: EXTENSIONS });
  try {
    const present = (
      await pg.query<{ name: string }>(
        `select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.relname = any($1)`,
        [[...SIGN_IN_TABLES]],
      )
    ).rows.map((r) => `public.${r.name}`);
    if (present.length) {
      await pg.exec(`truncate ${present.join(", ")}`);
      await pg.exec("set wal_recycle = off");
      await pg.query("select pg_switch_wal()");
      await pg.exec("CHECKPOINT");
      await writeFile(file, Buffer.from(await (await pg.dumpDataDir("gzip")).arrayBuffer()), { mode: PRIVATE_MODES.file });
    }
    return await counted(pgliteQuery(pg));
  } finally {
    await pg.close();
  }
}

/**
 * The embedded database at `dataDir` dumped into `file`: asked of the server that holds it, or, when
 * none answers on its socket, made here with its lock held (so no server can start meanwhile).
 */
export async function dumpEmbedded(dataDir: string, file: string): Promise<Dumped> {
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_MODES.dir });
  const at = new Date();
  const t0 = performance.now();
  const answer = await requestDump(dataDir);
  let madeBy: Dumped["madeBy"];
  if (answer) {
    if (answer.status !== 200) {
      answer.body.resume();
      throw new Error(`the server refused the dump (${answer.status})`);
    }
    await pipeline(answer.body, createWriteStream(file, { mode: PRIVATE_MODES.file }));
    madeBy = "server";
  } else {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) throw new Error(`no embedded database at ${dataDir} (DATA_DIR)`);
    let lock: { release: () => void };
    try {
      lock = await acquireLock(dataDir);
    } catch (e) {
      if (e instanceof DatabaseLockedError)
        throw new Error(
          `${e.message}\nIt does not answer on its backup socket: a server older than npm run backup? Stop it and run the backup again.`,
        );
      throw e;
    }
    try {
      const pg = await PGlite.create(path.resolve(dataDir), { extensions: EXTENSIONS });
      try {
        await writeFile(file, Buffer.from(await (await consistentDump(pg)).arrayBuffer()), { mode: PRIVATE_MODES.file });
      } finally {
        await pg.close();
      }
    } finally {
      lock.release();
    }
    madeBy = "direct";
  }
  const dumpMs = Math.round(performance.now() - t0);
  return { ...(await withoutSignIns(file)), madeBy, dumpMs, at };
}

/** Debian's newest PostgreSQL client programs (pg_dump must be as new as the server), else the PATH's. */
export function pgProgram(name: "pg_dump" | "pg_restore"): string {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, "bin", name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions[0] ? path.join(root, versions[0], "bin", name) : name;
}

/** The URL without its password, which goes to the program in PGPASSWORD (not on its command line, where `ps` shows it). */
function withoutPassword(url: string): { url: string; env: Record<string, string> } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = "";
  return { url: u.toString(), env: password ? { PGPASSWORD: password } : {} };
}

function run(program: string, args: string[], url: string): Promise<void> {
  const target = withoutPassword(url);
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, "-d", target.url], {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, ...target.env },
    });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${path.basename(program)} exited with ${code}`))));
  });
}

/**
 * pg_dump -Fc of the database at `url` into `file`, in a snapshot this connection exports and keeps
 * open: the row counts in the manifest are counted inside that very snapshot (the same transaction),
 * so they are the dump's while the app writes on. The page cache's rows are left out of the dump
 * (cached HTML, drawn again on demand), and so are live sign-ins (SIGN_IN_TABLES); their tables are in it.
 */
export async function dumpPostgres(url: string, file: string): Promise<Dumped> {
  await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_MODES.dir });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const at = new Date();
    const t0 = performance.now();
    const result = await sql.begin("isolation level repeatable read read only", async (tx) => {
      // this session sits idle in its transaction while pg_dump works: a server-wide
      // idle_in_transaction_session_timeout (or statement_timeout) would end it and the snapshot with it
      await tx`set local idle_in_transaction_session_timeout = 0`;
      await tx`set local statement_timeout = 0`;
      const [{ snapshot }] = (await tx`select pg_export_snapshot() as snapshot`) as unknown as [{ snapshot: string }];
      const c = await counted((q) => tx.unsafe(q) as unknown as Promise<Array<Record<string, unknown>>>);
      // their rows are not in the dump: the restore finds none
      for (const t of SIGN_IN_TABLES) if (c.rows[`public.${t}`] !== undefined) c.rows[`public.${t}`] = 0;
      const noData = [...CACHE_TABLES, ...SIGN_IN_TABLES].map((t) => `--exclude-table-data=${t}`);
      await run(pgProgram("pg_dump"), ["-Fc", "--no-owner", `--snapshot=${snapshot}`, ...noData, "-f", file], url);
      await chmod(file, PRIVATE_MODES.file);
      return c;
    });
    return { ...result, madeBy: "pg_dump", dumpMs: Math.round(performance.now() - t0), at };
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Loads a dumped data directory into the empty folder `into` and counts what it holds. The caller
 * holds the lock of the data directory it restores (`into` is built beside it and then put in its
 * place: scripts/restore.ts).
 */
export async function restoreEmbedded(file: string, into: string): Promise<Counted> {
  await mkdir(path.dirname(path.resolve(into)), { recursive: true, mode: PRIVATE_MODES.dir });
  const pg = await PGlite.create(path.resolve(into), {
    loadDataDir: new Blob([await readFile(file)], { type: "application/gzip" }),
    extensions: EXTENSIONS,
  });
  try {
    return await counted(pgliteQuery(pg));
  } finally {
    await pg.close();
    await makePrivate(into);
  }
}

/** The tables of the database at `url` outside PostgreSQL's own schemas (a restore wants none). */
export async function postgresTables(url: string): Promise<number> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ n }] = (await sql`select count(*)::int as n from information_schema.tables
      where table_schema not in ('pg_catalog', 'information_schema')`) as unknown as [{ n: number }];
    return n;
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** pg_restore of `file` into the database at `url` (with `clean`, over what is there), then its counts. */
export async function restorePostgres(file: string, url: string, clean: boolean): Promise<Counted> {
  await run(
    pgProgram("pg_restore"),
    ["--no-owner", "--exit-on-error", "--single-transaction", ...(clean ? ["--clean", "--if-exists"] : []), file],
    url,
  );
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return await counted((q) => sql.unsafe(q) as unknown as Promise<Array<Record<string, unknown>>>);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** The other client sessions on the database at `url` (not this one, not the server's own workers). */
export async function otherSessions(url: string): Promise<DbSession[]> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    return (await sql`select pid, coalesce(application_name, '') as application, coalesce(usename::text, '') as "user"
      from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
      order by pid`) as unknown as DbSession[];
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/**
 * Before a PostgreSQL restore writes: refuses (throws) while other sessions are on the database,
 * unless `terminate`, when each is ended (pg_terminate_backend). Answers the application names of
 * the sessions ended. A session that could not be ended (another role's, without the right) is a refusal.
 */
export async function stopConnectedApps(url: string, terminate: boolean): Promise<string[]> {
  const sessions = await otherSessions(url);
  const decided = appsConnected(sessions, terminate);
  if ("refuse" in decided) throw new Error(decided.refuse);
  if (!decided.end.length) return [];
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const kept: DbSession[] = [];
  try {
    for (const s of sessions) {
      const ended = await sql`select pg_terminate_backend(${s.pid}) as ok`.then(
        (r) => (r[0] as { ok: boolean }).ok,
        () => false,
      );
      if (!ended) kept.push(s);
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
  if (kept.length)
    throw new Error(
      `Could not end ${kept.length} session${kept.length === 1 ? "" : "s"} (${sessionNames(kept)}): another role's? Stop the app first. Nothing was restored.`,
    );
  return sessions.map((s) => s.application || "no name");
}
