// The backup's manifest and the commands' arguments (docs/operations/backup.md): what a backup holds,
// and the checks a restore makes before it touches anything. No file or database access here (the
// commands do that: scripts/backup.ts, scripts/restore.ts); backup.test.ts tables these.
import { parseArgs, type ParseArgsOptionsConfig } from "node:util";
import { z } from "zod";

/** The manifest's name inside a backup folder. */
export const MANIFEST = "manifest.json";
/** Where each part goes inside a backup folder. */
export const PARTS = {
  pglite: "database/pgdata.tar.gz",
  postgres: "database/postgres.dump",
  photos: "photos",
  uploads: "uploads",
} as const;
/** Files a store keeps while it works (a lead's upload still arriving): not part of what was stored. */
export const SKIPPED_FOLDERS = new Set([".incoming"]);

export class UsageError extends Error {}

export const BACKUP_USAGE = "Usage: npm run backup [-- --out DIR]   (default DIR: .data/backups; put it on another disk)";
export const RESTORE_USAGE = "Usage: npm run restore -- BACKUP_FOLDER [--force] [--terminate]";

export type BackupArgs = { out: string };
export type RestoreArgs = { backup: string; force: boolean; terminate: boolean };

function parse(argv: string[], options: ParseArgsOptionsConfig, usage: string) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (e) {
    throw new UsageError(`${e instanceof Error ? e.message : String(e)}\n${usage}`);
  }
}

/** A folder argument: not empty, no NUL (a path the file system would refuse or cut short). */
function folder(value: unknown, what: string, usage: string): string {
  if (typeof value !== "string" || !value.trim()) throw new UsageError(`${what} is missing.\n${usage}`);
  if (value.includes("\0")) throw new UsageError(`${what} is not a usable path.\n${usage}`);
  return value;
}

export function parseBackupArgs(argv: string[]): BackupArgs {
  const { values, positionals } = parse(argv, { out: { type: "string", default: ".data/backups" } }, BACKUP_USAGE);
  if (positionals.length) throw new UsageError(`Unexpected argument: ${positionals[0]}\n${BACKUP_USAGE}`);
  return { out: folder(values.out, "--out", BACKUP_USAGE) };
}

export function parseRestoreArgs(argv: string[]): RestoreArgs {
  const { values, positionals } = parse(
    argv,
    { force: { type: "boolean", default: false }, terminate: { type: "boolean", default: false } },
    RESTORE_USAGE,
  );
  if (positionals.length !== 1) throw new UsageError(`Name one backup folder.\n${RESTORE_USAGE}`);
  return {
    backup: folder(positionals[0], "The backup folder", RESTORE_USAGE),
    force: values.force === true,
    terminate: values.terminate === true,
  };
}

/** A backup folder's name from the time it was begun: sorts in time order, safe on every file system. */
export const backupName = (at: Date) =>
  `backup-${at
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replace(/:/g, "-")}`;

/**
 * A path inside the backup folder, as the manifest names it: relative, forward slashes, no `..`, no
 * empty or dot segment, no NUL. A restore refuses anything else, so a tampered manifest cannot write
 * outside the folders it restores into.
 */
export function isSafeRelativePath(p: string): boolean {
  if (!p || p.includes("\0") || p.includes("\\") || p.startsWith("/")) return false;
  return p.split("/").every((s) => s !== "" && s !== "." && s !== "..");
}

const fileEntry = z.object({
  path: z.string().refine(isSafeRelativePath, "is not a plain relative path"),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type FileEntry = z.infer<typeof fileEntry>;

const manifestSchema = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  /** every commit acknowledged before this moment is in the dump (the recovery point) */
  databaseAt: z.iso.datetime(),
  app: z.object({ version: z.string(), commit: z.string().nullable() }),
  database: z.object({
    driver: z.enum(["pglite", "postgres"]),
    file: z.enum([PARTS.pglite, PARTS.postgres]),
    /** who made the dump: the serving process (its control socket), this command on a stopped server's files, or pg_dump */
    madeBy: z.enum(["server", "direct", "pg_dump"]),
    dumpMs: z.number().min(0),
    migrations: z.object({ applied: z.number().int().min(0), last: z.string().nullable() }),
    rows: z.record(z.string(), z.number().int().min(0)),
  }),
  /** the folders copied (null: not on disk here, e.g. photos in the S3 bucket) */
  stores: z.object({ photos: z.literal(PARTS.photos).nullable(), uploads: z.literal(PARTS.uploads).nullable() }),
  files: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** The manifest read from a backup, or the reasons it cannot be used. */
export function readManifest(json: unknown): { manifest: Manifest } | { problems: string[] } {
  const r = manifestSchema.safeParse(json);
  if (r.success) {
    const seen = new Set<string>();
    const dupes = r.data.files.filter((f) => (seen.has(f.path) ? true : (seen.add(f.path), false)));
    if (dupes.length) return { problems: dupes.map((f) => `${f.path}: listed twice`) };
    if (!seen.has(r.data.database.file)) return { problems: [`${r.data.database.file}: the database dump is not listed`] };
    return { manifest: r.data };
  }
  return { problems: r.error.issues.map((i) => `manifest ${i.path.join(".") || "(root)"}: ${i.message}`) };
}

/**
 * What differs between the files the manifest lists and the files found (each hashed): a file
 * missing, of another size or checksum, or one the manifest does not list. Empty when they agree.
 */
export function fileProblems(listed: FileEntry[], found: FileEntry[]): string[] {
  const byPath = new Map(found.map((f) => [f.path, f]));
  const problems: string[] = [];
  for (const f of listed) {
    const got = byPath.get(f.path);
    if (!got) problems.push(`${f.path}: missing`);
    else if (got.bytes !== f.bytes) problems.push(`${f.path}: ${got.bytes} bytes, the manifest says ${f.bytes}`);
    else if (got.sha256 !== f.sha256) problems.push(`${f.path}: checksum differs from the manifest`);
    byPath.delete(f.path);
  }
  for (const extra of byPath.keys()) problems.push(`${extra}: not in the manifest`);
  return problems;
}

/** The page cache's tables (cached HTML, drawn again on demand): their rows are not worth a backup, and pg_dump leaves them out. */
export const CACHE_TABLES = ["page_cache", "page_cache_purges"] as const;
/**
 * Live sign-ins: the customers' and staff's sessions and their emailed links (reset, sign-in link,
 * confirmation). A backup leaves their rows out (the tables are there, empty): a copy that leaves
 * the host must not sign anyone in. After a restore everyone signs in again.
 */
export const SIGN_IN_TABLES = ["customer_sessions", "staff_sessions", "customer_verifications", "staff_verifications"] as const;
const UNCOMPARED = new Set(CACHE_TABLES.map((t) => `public.${t}`));

/** Tables whose row counts differ between the manifest and the restored database (the page cache's are not compared). */
export function rowProblems(expected: Record<string, number>, actual: Record<string, number>): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].filter((t) => !UNCOMPARED.has(t)).sort();
  return tables.flatMap((t) =>
    expected[t] === actual[t] ? [] : [`${t}: ${actual[t] ?? "no table"} rows restored, ${expected[t] ?? "none"} in the backup`],
  );
}

/** A double-quoted SQL identifier. */
const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** The catalogue query that lists the tables a row count covers (the app's and the migrations' own). */
export const TABLES_QUERY = `select table_schema as schema, table_name as name from information_schema.tables
  where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1, 2`;

/** One query counting every listed table's rows, as `table` (schema.name) and `n`. */
export function rowCountQuery(tables: Array<{ schema: string; name: string }>): string | null {
  if (!tables.length) return null;
  return tables
    .map(
      (t) =>
        `select ${`'${`${t.schema}.${t.name}`.replace(/'/g, "''")}'`} as "table", count(*)::int as n from ${ident(t.schema)}.${ident(t.name)}`,
    )
    .join("\nunion all\n");
}

/** Counts every table's rows through `query` (a database client's raw query). */
export async function countRows(query: (sql: string) => Promise<Array<Record<string, unknown>>>): Promise<Record<string, number>> {
  const tables = (await query(TABLES_QUERY)) as Array<{ schema: string; name: string }>;
  const sql = rowCountQuery(tables);
  if (!sql) return {};
  const rows = (await query(sql)) as Array<{ table: string; n: number }>;
  return Object.fromEntries(rows.map((r) => [r.table, Number(r.n)]).sort(([a], [b]) => String(a).localeCompare(String(b))));
}

/** The migration level: how many of the journal's migrations the database has applied, and the last one's tag. */
export function migrationLevel(applied: number, journal: Array<{ tag: string }>): { applied: number; last: string | null } {
  return { applied, last: applied > 0 ? (journal[applied - 1]?.tag ?? null) : null };
}

/** Bytes as a person reads them. */
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 ** 2) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/** Another session on the database a PostgreSQL restore goes into (pg_stat_activity). */
export type DbSession = { pid: number; application: string; user: string };

/** "dealer-platform ×2, rate-limits": who is connected, by application name, without addresses. */
export function sessionNames(sessions: readonly DbSession[]): string {
  const by = new Map<string, number>();
  for (const s of sessions) by.set(s.application || "no name", (by.get(s.application || "no name") ?? 0) + 1);
  return [...by].map(([name, n]) => (n > 1 ? `${name} ×${n}` : name)).join(", ");
}

/**
 * Whether a PostgreSQL restore may go on with these other sessions on its database. An app still
 * connected would write between pg_restore and the count (or into tables being replaced), and the
 * restore could not say what the database holds: refused, unless told to end them (`--terminate`).
 */
export function appsConnected(sessions: readonly DbSession[], terminate: boolean): { end: number[] } | { refuse: string } {
  if (!sessions.length || terminate) return { end: sessions.map((s) => s.pid) };
  const n = sessions.length;
  return {
    refuse:
      `${n} other session${n === 1 ? " is" : "s are"} connected to the database (${sessionNames(sessions)}). ` +
      "Stop the app first (every process on this database), or add --terminate to end those sessions. Nothing was restored.",
  };
}
