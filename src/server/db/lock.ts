import "server-only";
import fs from "node:fs";
import path from "node:path";
import lockfile from "proper-lockfile";

export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database is already in use by another process (pid ${pid}, lock ${lockPath}). ` +
        `PGlite allows one process at a time: stop the other process (e.g. a running "npm start") first, ` +
        `or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = "DatabaseLockedError";
  }
}

/** How long a lock may go without its owner refreshing it before it counts as abandoned. */
export const LOCK_STALE_MS = 10_000;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

const readPid = (file: string): number | null => {
  try {
    const pid = Number.parseInt(fs.readFileSync(file, "utf8").trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

/**
 * PGlite has no folder lock of its own: two processes on one data dir corrupt it. We take
 * `<dataDir>.lock` with proper-lockfile: an atomic mkdir, kept fresh while we run, taken over only
 * once it is stale (its owner stopped refreshing it). Our pid sits beside it for the error message.
 * A lock held by a live process is refused at once; one whose process is gone is waited for until
 * it goes stale (at most LOCK_STALE_MS).
 */
export async function acquireLock(dataDir: string, opts: { staleMs?: number } = {}): Promise<{ release: () => void }> {
  const target = path.resolve(dataDir);
  const lockPath = `${target}.lock`;
  const pidFile = `${lockPath}.pid`; // beside the lock: proper-lockfile removes a stale lock with rmdir
  const stale = opts.staleMs ?? LOCK_STALE_MS;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  // a lock file from an older version (a plain file with a pid)
  if (fs.existsSync(lockPath) && fs.statSync(lockPath).isFile()) {
    const pid = readPid(lockPath);
    if (pid && pid !== process.pid && isAlive(pid)) throw new DatabaseLockedError(lockPath, pid);
    fs.rmSync(lockPath, { force: true });
  }
  const deadline = Date.now() + stale + 5_000;
  for (;;) {
    try {
      const unlock = await lockfile.lock(target, { realpath: false, lockfilePath: lockPath, stale, retries: 0 });
      fs.writeFileSync(pidFile, String(process.pid));
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          fs.rmSync(pidFile, { force: true });
          lockfile.unlockSync(target, { realpath: false, lockfilePath: lockPath });
        } catch {
          /* already gone */
        }
      };
      process.on("exit", release);
      void unlock; // released synchronously above (also on exit)
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ELOCKED") throw e;
      const pid = readPid(pidFile);
      if (pid && pid !== process.pid && isAlive(pid)) throw new DatabaseLockedError(lockPath, pid);
      // its owner is gone, or still writing its pid: wait for it to be stale, or for the pid
      if (Date.now() > deadline) throw new DatabaseLockedError(lockPath, pid ?? 0);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
