// npm run restore -- BACKUP_FOLDER [--force] [--terminate] — puts a backup (npm run backup) back on a stopped
// server: checks every file against the manifest's checksums before touching anything, then loads
// the database (the embedded one into an empty DATA_DIR; PostgreSQL by pg_restore into an empty
// database at DATABASE_URL) and the photo and attachment files, and prints the restored row counts,
// which must be the manifest's. Without --force it refuses to write over anything that is there.
// Each folder is built beside its place (DIR.restoring) and renamed in only once everything is
// loaded and counted, with the embedded database's lock held from before anything is written: a
// restore that fails, or meets a running server, leaves what was there as it was. On PostgreSQL it
// refuses while other sessions are on the database (an app still running), unless --terminate
// ends them.
// docs/operations/backup.md
import { existsSync } from "node:fs";
import { readFile, rm } from "node:fs/promises";
import path from "node:path";
import { acquireLock, DatabaseLockedError } from "@/server/db/lock";
import { env } from "@/server/base/env";
import { otherSessions, postgresTables, restoreEmbedded, restorePostgres, stopConnectedApps } from "./lib/backup-database";
import { hashBackup, isEmptyFolder, restoreFiles, staging, swapIntoPlace } from "./lib/backup-files";
import {
  fileProblems,
  formatBytes,
  MANIFEST,
  parseRestoreArgs,
  readManifest,
  rowProblems,
  sessionNames,
  SIGN_IN_TABLES,
  UsageError,
} from "./lib/backup";

class RefusedError extends Error {}

process.umask(0o077); // the restored database and files are the owner's alone, as in the backup
let lock: { release: () => void } | null = null;
const staged: string[] = [];
try {
  const args = parseRestoreArgs(process.argv.slice(2));
  const e = env();
  const t0 = performance.now();
  const raw = await readFile(path.join(args.backup, MANIFEST), "utf8").catch(() => {
    throw new RefusedError(`${args.backup} has no ${MANIFEST}: not a backup folder (npm run backup makes them).`);
  });
  const read = readManifest(JSON.parse(raw));
  if ("problems" in read) throw new RefusedError(`The manifest cannot be used:\n  ${read.problems.join("\n  ")}`);
  const m = read.manifest;
  const found = await hashBackup(args.backup, MANIFEST);
  const problems = fileProblems(m.files, found);
  if (problems.length) throw new RefusedError(`The backup does not match its manifest; nothing was restored:\n  ${problems.join("\n  ")}`);
  const bytes = m.files.reduce((n, f) => n + f.bytes, 0);
  console.log(`Checked ${m.files.length} files (${formatBytes(bytes)}) against the manifest of ${m.createdAt}.`);

  const wantPostgres = m.database.driver === "postgres";
  if (wantPostgres !== Boolean(e.DATABASE_URL))
    throw new RefusedError(
      wantPostgres
        ? "This backup is of a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into."
        : "This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to restore it.",
    );
  if (!wantPostgres && e.DATA_DIR === ":memory:") throw new RefusedError("DATA_DIR is :memory:: name a folder to restore into.");
  // before anything is written: a server running on the embedded database holds this lock
  if (!wantPostgres)
    lock = await acquireLock(e.DATA_DIR).catch((err: unknown) => {
      throw err instanceof DatabaseLockedError ? new RefusedError(`${err.message}\nNothing was restored.`) : err;
    });
  const targets = [
    ...(wantPostgres ? [] : [{ what: "DATA_DIR", dir: path.resolve(e.DATA_DIR) }]),
    ...(m.stores.photos ? [{ what: "PHOTO_DIR", dir: path.resolve(e.PHOTO_DIR), part: m.stores.photos }] : []),
    ...(m.stores.uploads ? [{ what: "UPLOAD_DIR", dir: path.resolve(e.UPLOAD_DIR), part: m.stores.uploads }] : []),
  ];
  const full = [];
  for (const t of targets) if (!(await isEmptyFolder(t.dir))) full.push(t);
  const tables = wantPostgres ? await postgresTables(e.DATABASE_URL!) : 0;
  if (!args.force && (full.length || tables))
    throw new RefusedError(
      `Not empty: ${[...full.map((t) => `${t.what} (${t.dir})`), ...(tables ? [`the database at DATABASE_URL (${tables} tables)`] : [])].join(", ")}. ` +
        "Restore into empty ones, or add --force to replace what is there (stop the server first).",
    );
  for (const t of targets) {
    const { restoring, replaced } = staging(t.dir);
    if (existsSync(replaced))
      throw new RefusedError(
        `${replaced} is there: an earlier restore stopped while it swapped ${t.what}. Look at both folders, keep one as ${t.dir}, and run again.`,
      );
    await rm(restoring, { recursive: true, force: true }); // an earlier restore's unfinished copy
    staged.push(t.dir);
  }

  // the last check before anything is written: an app still on the PostgreSQL database would write
  // into it during and after pg_restore, and the counts below would not be the backup's
  const ended = wantPostgres
    ? await stopConnectedApps(e.DATABASE_URL!, args.terminate).catch((err: unknown) => {
        throw new RefusedError(err instanceof Error ? err.message : String(err));
      })
    : [];
  if (ended.length) console.log(`Ended ${ended.length} other session${ended.length === 1 ? "" : "s"} on the database (--terminate).`);

  // the files first (each one the manifest lists, and nothing else), then the database
  for (const t of targets) if (t.part) await restoreFiles(args.backup, m.files, t.part, staging(t.dir).restoring);
  const tDb = performance.now();
  const dbFile = path.join(args.backup, m.database.file);
  const restored = wantPostgres
    ? await restorePostgres(dbFile, e.DATABASE_URL!, tables > 0)
    : await restoreEmbedded(dbFile, staging(path.resolve(e.DATA_DIR)).restoring);
  const dbMs = Math.round(performance.now() - tDb);

  // who came onto the database while pg_restore ran (an app restarted, or one --terminate could not keep away)
  const during = wantPostgres ? await otherSessions(e.DATABASE_URL!) : [];
  const rows = rowProblems(m.database.rows, restored.rows);
  if (rows.length)
    throw new RefusedError(
      wantPostgres
        ? `The database at DATABASE_URL WAS restored (pg_restore committed), but its row counts differ from the manifest's` +
            `${during.length ? ` (${during.length} other sessions are on it now: ${sessionNames(during)}; they may have written meanwhile)` : ""}; ` +
            `the photo and attachment folders were not replaced:\n  ${rows.join("\n  ")}`
        : `The restored row counts differ from the manifest's; nothing was replaced:\n  ${rows.join("\n  ")}`,
    );
  await swapIntoPlace(targets.map((t) => t.dir));
  staged.length = 0;
  lock?.release();
  const real = Object.entries(restored.rows).filter(([t]) => !t.startsWith("drizzle."));
  console.log(
    `Restored the ${m.database.driver} database of ${m.databaseAt} in ${dbMs} ms: ${real.reduce((n, [, c]) => n + c, 0)} rows in ${real.length} tables ` +
      `(leads ${restored.rows["public.leads"] ?? 0}, vehicles ${restored.rows["public.vehicles"] ?? 0}, vehicle photos ${restored.rows["public.vehicle_photos"] ?? 0}); ` +
      `migrations ${restored.migrations.applied} (${restored.migrations.last ?? "none"}).`,
  );
  const photoFiles = m.files.filter((f) => f.path.startsWith(`${m.stores.photos}/`)).length;
  const uploadFiles = m.files.filter((f) => f.path.startsWith(`${m.stores.uploads}/`)).length;
  console.log(
    `Files: ${m.stores.photos ? `${photoFiles} photos to ${path.resolve(e.PHOTO_DIR)}` : "photos are in the S3 bucket (restore it on its own)"}; ` +
      `${m.stores.uploads ? `${uploadFiles} attachments to ${path.resolve(e.UPLOAD_DIR)}` : "attachments are in the S3 bucket (restore it on its own)"}.`,
  );
  console.log(
    `Sign-ins: none restored (${SIGN_IN_TABLES.join(", ")} are empty in a backup): everyone signs in again. ` +
      "Rotate AUTH_SECRET before the first start after a loss or a theft (docs/operations/backup.md, The sign-in secret).",
  );
  if (during.length)
    console.warn(
      `${during.length} other session${during.length === 1 ? " is" : "s are"} on the database now (${sessionNames(during)}): ` +
        "an app running already? What it wrote after the restore is in the database.",
    );
  console.log(`Row counts match the manifest. Done in ${Math.round(performance.now() - t0)} ms: start the server.`);
  console.log(`RESTORE ${JSON.stringify({ ms: Math.round(performance.now() - t0), dbMs })}`);
} catch (error) {
  // what was built beside the folders goes; the folders themselves were not touched
  for (const dir of staged) await rm(staging(dir).restoring, { recursive: true, force: true }).catch(() => {});
  lock?.release();
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
}
