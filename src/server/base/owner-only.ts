import "server-only";
import { chmod, mkdir, readdir } from "node:fs/promises";
import path from "node:path";

/*
 * What the app writes to disk (the embedded database, lead attachments, backups) holds personal data
 * and password hashes: the owner alone may read it. Modes are set explicitly rather than left to the
 * umask a process happens to start with, and PGlite writes its files 0666 whatever the umask.
 */
export const OWNER_ONLY = { dir: 0o700, file: 0o600 } as const;

/** Makes `dir` (created as needed, its missing parents too) a folder only its owner may open. */
export async function ownerOnlyFolder(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: OWNER_ONLY.dir });
  await chmod(dir, OWNER_ONLY.dir); // an existing folder, or one the umask narrowed otherwise
}

/** Makes everything under `dir` (and `dir`) its owner's alone; a missing `dir` is no error. */
export async function makeOwnerOnly(dir: string): Promise<void> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === "ENOENT") return null;
    throw e;
  });
  if (!entries) return;
  await chmod(dir, OWNER_ONLY.dir);
  for (const d of entries) {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) await makeOwnerOnly(p);
    else if (d.isFile()) await chmod(p, OWNER_ONLY.file);
  }
}
