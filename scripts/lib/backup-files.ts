// Files in and out of a backup folder: copied with their sha256, listed with it, put back
// (docs/operations/backup.md). The manifest's rules are in ./backup.ts.
import { createHash } from "node:crypto";
import { constants, createReadStream, existsSync } from "node:fs";
import { chmod, copyFile, lstat, mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { makeOwnerOnly, OWNER_ONLY } from "@/server/base/owner-only";
import { SKIPPED_FOLDERS, type FileEntry } from "./backup";

/**
 * A backup holds personal data and password hashes, and the files it restores are the same: written
 * with the owner's modes alone (the commands also set umask 077 for what PGlite and pg_dump write).
 * copyFile keeps the source's mode, hence the explicit chmod.
 */
export const PRIVATE_MODES = OWNER_ONLY;
export const makePrivate = makeOwnerOnly;

/** Copies one file to `target` (its folders made as needed) readable by its owner only. */
async function copyPrivate(from: string, target: string, flags = 0): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_MODES.dir });
  await copyFile(from, target, flags);
  await chmod(target, PRIVATE_MODES.file);
}

export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Every file under `dir` (relative paths, forward slashes), skipping a store's work folders; none when `dir` is missing. */
export async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (rel: string) => {
    const entries = await readdir(path.join(dir, rel), { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
      if (e.code === "ENOENT") return [];
      throw e;
    });
    for (const d of entries) {
      const child = rel ? `${rel}/${d.name}` : d.name;
      if (d.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(d.name)) await walk(child);
      } else if (d.isFile()) out.push(child);
    }
  };
  await walk("");
  return out.sort();
}

/** A file's entry as the manifest lists it (`rel`: its path inside the backup folder). */
export async function entryOf(file: string, rel: string): Promise<FileEntry> {
  const [s, sha256] = await Promise.all([stat(file), sha256File(file)]);
  return { path: rel, bytes: s.size, sha256 };
}

/**
 * Copies every file under `from` to `to` (the folder `prefix` inside the backup at `root`), each
 * hashed from the copy. A file that goes between the listing and the copy (a photo deleted while the
 * backup runs) is left out: the database dump, taken first, decides what the backup holds.
 */
export async function copyTree(from: string, root: string, prefix: string): Promise<FileEntry[]> {
  const out: FileEntry[] = [];
  for (const rel of await listFiles(from)) {
    const target = path.join(root, prefix, rel);
    try {
      await copyPrivate(path.join(from, rel), target);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") continue;
      throw e;
    }
    out.push(await entryOf(target, `${prefix}/${rel}`));
  }
  return out;
}

/** Every file of a backup folder (the manifest left out), hashed, to compare with what the manifest lists. */
export async function hashBackup(root: string, manifestName: string): Promise<FileEntry[]> {
  const files = (await listFiles(root)).filter((f) => f !== manifestName);
  const out: FileEntry[] = [];
  for (const rel of files) out.push(await entryOf(path.join(root, rel), rel));
  return out;
}

/** True when `dir` is missing or holds nothing. */
export async function isEmptyFolder(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return [];
    throw e;
  });
  return entries.length === 0;
}

/**
 * Copies the manifest's files under `prefix` (a store's folder in the backup at `root`) into `into`,
 * and nothing else: each one, and every folder on its way, must be what it claims (a plain folder, a
 * regular file; no symbolic link, device or pipe), so a backup folder that was tampered with cannot
 * make the restore write or link outside the folders it restores. Answers how many were copied.
 */
export async function restoreFiles(root: string, entries: FileEntry[], prefix: string, into: string): Promise<number> {
  await mkdir(into, { recursive: true, mode: PRIVATE_MODES.dir });
  let n = 0;
  for (const f of entries) {
    if (!f.path.startsWith(`${prefix}/`)) continue;
    const segments = f.path.split("/");
    for (let i = 1; i <= segments.length; i++) {
      const s = await lstat(path.join(root, ...segments.slice(0, i)));
      const last = i === segments.length;
      if (last ? !s.isFile() : !s.isDirectory())
        throw new Error(`${segments.slice(0, i).join("/")}: not a ${last ? "regular file" : "folder"} in the backup; nothing was replaced`);
    }
    // COPYFILE_EXCL: the manifest names each path once, so a file already there means something else wrote it
    await copyPrivate(path.join(root, f.path), path.join(into, f.path.slice(prefix.length + 1)), constants.COPYFILE_EXCL);
    n++;
  }
  return n;
}

/** Where a restore builds a folder before it takes the folder's place, and where the replaced one waits until all are in. */
export const staging = (dir: string) => ({ restoring: `${dir}.restoring`, replaced: `${dir}.replaced` });

/**
 * Puts each staged folder in its folder's place: the old one (if any) is renamed aside, the staged
 * one renamed in, and once all are in the old ones are deleted. A rename that fails puts back what
 * was moved, so the folders are either all the backup's or all as they were, never neither.
 */
export async function swapIntoPlace(dirs: string[]): Promise<void> {
  const done: Array<{ dir: string; hadOld: boolean }> = [];
  try {
    for (const dir of dirs) {
      const { restoring, replaced } = staging(dir);
      const hadOld = existsSync(dir);
      if (hadOld) await rename(dir, replaced);
      try {
        await rename(restoring, dir);
      } catch (e) {
        if (hadOld) await rename(replaced, dir);
        throw e;
      }
      done.push({ dir, hadOld });
    }
  } catch (e) {
    for (const { dir, hadOld } of done.reverse()) {
      await rename(dir, staging(dir).restoring);
      if (hadOld) await rename(staging(dir).replaced, dir);
    }
    throw e;
  }
  for (const { dir, hadOld } of done) if (hadOld) await rm(staging(dir).replaced, { recursive: true, force: true });
}
