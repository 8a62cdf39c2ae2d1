// npm run backup [-- --out DIR] — one folder with everything a lost disk takes: the database (the
// embedded one dumped by the server while it serves, or by this command when it is stopped;
// PostgreSQL by pg_dump -Fc), the photos on disk (PHOTO_DIR), the lead attachments (UPLOAD_DIR) and a
// manifest (time, app version, migration level, rows per table, sha256 of every file). With S3_* set
// the photos and new attachments are in the bucket and not copied. Everything is written readable by
// its owner alone: it holds personal data and password hashes.
// docs/operations/backup.md says what is not in it and how to run it on a schedule.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/server/base/env";
import { s3ConfigOf } from "@/server/photos/store";
import { dumpEmbedded, dumpPostgres } from "./lib/backup-database";
import { copyTree, entryOf, PRIVATE_MODES } from "./lib/backup-files";
import { backupName, formatBytes, MANIFEST, parseBackupArgs, PARTS, UsageError, type Manifest } from "./lib/backup";

function appCommit(): string | null {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return null; // a deploy without its git history
  }
}

process.umask(0o077); // what PGlite, pg_dump and this command create: the owner's alone (PRIVATE_MODES)
try {
  const args = parseBackupArgs(process.argv.slice(2));
  const e = env();
  if (!e.DATABASE_URL && e.DATA_DIR === ":memory:") throw new UsageError("DATA_DIR is :memory: — nothing on disk to back up.");
  const t0 = performance.now();
  const createdAt = new Date();
  const final = path.join(args.out, backupName(createdAt));
  const work = `${final}.partial`; // renamed when complete: a folder without .partial is a whole backup
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true, mode: PRIVATE_MODES.dir });

  // the database first: the files copied after it include every file its rows name
  const dbFile = e.DATABASE_URL ? PARTS.postgres : PARTS.pglite;
  const db = e.DATABASE_URL
    ? await dumpPostgres(e.DATABASE_URL, path.join(work, dbFile))
    : await dumpEmbedded(e.DATA_DIR, path.join(work, dbFile));
  // with a bucket the photos are there, and so are new lead attachments (under private/:
  // src/server/files/private-files.ts); attachments a host kept on disk before the bucket still resolve
  // from UPLOAD_DIR, so any there are copied all the same
  const inBucket = Boolean(s3ConfigOf(e));
  const photos = inBucket ? [] : await copyTree(path.resolve(e.PHOTO_DIR), work, PARTS.photos);
  const uploads = await copyTree(path.resolve(e.UPLOAD_DIR), work, PARTS.uploads);
  const uploadsStore = inBucket && !uploads.length ? null : PARTS.uploads;
  const files = [await entryOf(path.join(work, dbFile), dbFile), ...photos, ...uploads];
  const manifest: Manifest = {
    format: 1,
    createdAt: createdAt.toISOString(),
    databaseAt: db.at.toISOString(),
    app: { version: (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version, commit: appCommit() },
    database: {
      driver: e.DATABASE_URL ? "postgres" : "pglite",
      file: dbFile,
      madeBy: db.madeBy,
      dumpMs: db.dumpMs,
      migrations: db.migrations,
      rows: db.rows,
    },
    stores: { photos: inBucket ? null : PARTS.photos, uploads: uploadsStore },
    files,
  };
  await writeFile(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  await rename(work, final);
  const bytes = files.reduce((n, f) => n + f.bytes, 0);
  const rows = Object.entries(db.rows).filter(([t]) => !t.startsWith("drizzle."));
  console.log(
    `Backup ${final}: ${formatBytes(bytes)} in ${files.length} files, made in ${Math.round(performance.now() - t0)} ms ` +
      `(database ${manifest.database.driver} by ${db.madeBy} in ${db.dumpMs} ms, at ${manifest.databaseAt}; ` +
      `migrations ${db.migrations.applied}, last ${db.migrations.last ?? "none"}).`,
  );
  console.log(
    `Rows: ${rows.reduce((n, [, c]) => n + c, 0)} in ${rows.length} tables (leads ${db.rows["public.leads"] ?? 0}, vehicles ${db.rows["public.vehicles"] ?? 0}); ` +
      `photos ${inBucket ? "in the S3 bucket (not copied: see docs/operations/backup.md)" : `${photos.length} files`}; ` +
      `attachments ${inBucket ? `in the S3 bucket under private/ (not copied: see docs/operations/backup.md)${uploads.length ? `, and ${uploads.length} files kept on disk from before the bucket` : ""}` : `${uploads.length} files`}.`,
  );
  if (inBucket)
    console.warn(
      "The S3 bucket's photos and attachments are not in this backup: protect the bucket itself (versioning, replication or a mirror; docs/operations/backup.md).",
    );
  // the machine-readable line the restore drill reads
  console.log(
    `BACKUP ${JSON.stringify({ folder: final, bytes, files: files.length, ms: Math.round(performance.now() - t0), dumpMs: db.dumpMs })}`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(error instanceof UsageError ? 2 : 1);
}
