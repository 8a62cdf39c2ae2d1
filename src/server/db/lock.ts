import fs from "node:fs";
import path from "node:path";

export class DatabaseLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database is already in use by another process (pid ${pid}, lock file ${lockPath}). ` +
        `PGlite allows one process at a time: stop the other process (e.g. a running "npm start") first, ` +
        `or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = "DatabaseLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite has no folder lock of its own: two processes on one data dir corrupt it.
 * We take `<dataDir>.lock` (O_EXCL) holding our pid; a lock whose process is gone is stale and taken over.
 */
export function acquireLock(dataDir: string): { release: () => void } {
  const lockPath = `${path.resolve(dataDir)}.lock`;
  fs.mkdirSync(path.dirname(lockPath), { recursive: true });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, "wx");
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off("exit", release);
        try {
          if (fs.readFileSync(lockPath, "utf8").trim() === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
      process.on("exit", release);
      return { release };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      const pid = Number.parseInt(fs.readFileSync(lockPath, "utf8").trim(), 10);
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DatabaseLockedError(lockPath, pid);
      fs.rmSync(lockPath, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the database lock ${lockPath}`);
}
