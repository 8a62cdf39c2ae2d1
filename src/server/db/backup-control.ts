import "server-only";
import { chmodSync, mkdirSync, rmSync, statSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * The embedded database's backup channel (docs/operations/backup.md). PGlite allows one process on
 * its data directory (ADR 0003), so while the server runs only the server can make a consistent
 * copy: `npm run backup` asks it over this channel.
 *
 * The channel is an HTTP server on a Unix socket, not a TCP port: nothing on the network (Caddy, a
 * load balancer, another host) can reach it, and the socket sits in a folder beside the data
 * directory that only the server's own user may enter (mode 0700). Whoever can connect could read
 * the data directory anyway, so no secret is needed on top: the file system's permission is the
 * guard, the same one that protects the database files.
 */
export const CONTROL_PATHS = { dump: "/dump" } as const;

/** The folder (mode 0700) beside the data directory that holds the socket. */
export const controlDir = (dataDir: string) => `${path.resolve(dataDir)}.control`;
/** The socket `npm run backup` connects to. */
export const controlSocket = (dataDir: string) => path.join(controlDir(dataDir), "backup.sock");

/**
 * Listens on the data directory's control socket. POST /dump answers a gzip tarball of the data
 * directory, made by `dump` while no query or transaction runs (client.ts: dumpDataDir).
 */
export async function startBackupControl(dataDir: string, dump: () => Promise<Blob>): Promise<{ close: () => Promise<void> }> {
  const dir = controlDir(dataDir);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700); // an existing folder too
  const socket = controlSocket(dataDir);
  // a socket left by a server that died: this process holds the database's lock, so it is nobody's now
  rmSync(socket, { force: true });
  let busy = false;
  const server: Server = createServer((req, res) => {
    const plain = (status: number, text: string) => {
      res.writeHead(status, { "content-type": "text/plain; charset=utf-8" });
      res.end(text);
    };
    if (req.url !== CONTROL_PATHS.dump) return plain(404, "unknown");
    if (req.method !== "POST") return plain(405, "POST only");
    // one dump at a time: each holds every query back while it copies the files
    if (busy) return plain(409, "a backup is already being made");
    busy = true;
    const t0 = Date.now();
    // Listened for before the dump starts: a client that goes away while it is made has its
    // "close" already fired by the time the dump is ready, and a listener added then would never
    // run. The next dump may begin once this one is made and its answer is over (sent or dropped).
    const answered = new Promise<void>((resolve) => res.once("close", resolve));
    const made = dump().then(
      (blob) => {
        if (res.destroyed) return; // the client went away: nobody to send it to
        res.writeHead(200, {
          "content-type": "application/gzip",
          "content-length": String(blob.size),
          "x-dump-ms": String(Date.now() - t0),
        });
        return pipeline(Readable.fromWeb(blob.stream() as import("node:stream/web").ReadableStream), res);
      },
      (e: unknown) => {
        if (!res.destroyed) plain(500, e instanceof Error ? e.message : "the dump failed");
      },
    );
    void Promise.allSettled([made, answered]).finally(() => (busy = false));
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socket, () => resolve());
  });
  chmodSync(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        rmSync(socket, { force: true });
      }),
  };
}

/** True when the folder holding the socket is open to its owner alone (a test checks the guard). */
export function isPrivate(dataDir: string): boolean {
  return (statSync(controlDir(dataDir)).mode & 0o077) === 0;
}

export type DumpAnswer = { status: number; body: Readable; dumpMs: number | null };

/** How long `requestDump` waits for the server without a byte before it gives up. */
export const DUMP_TIMEOUT_MS = 10 * 60_000;

/**
 * Asks the server holding `dataDir` for a dump. Resolves with null when no server listens there
 * (no socket, or a socket nobody answers on): the caller may then open the database itself. Fails
 * when the server sends nothing for `timeoutMs` (a server that hangs must not hang a nightly backup
 * with it); the answer's body fails the same way if it stalls.
 */
export function requestDump(dataDir: string, { timeoutMs = DUMP_TIMEOUT_MS }: { timeoutMs?: number } = {}): Promise<DumpAnswer | null> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath: controlSocket(dataDir), path: CONTROL_PATHS.dump, method: "POST" }, (res) =>
      resolve({ status: res.statusCode ?? 0, body: res, dumpMs: Number(res.headers["x-dump-ms"]) || null }),
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`the server sent nothing for ${Math.round(timeoutMs / 1000)} s: no dump`)));
    req.on("error", (e: NodeJS.ErrnoException) => (e.code === "ENOENT" || e.code === "ECONNREFUSED" ? resolve(null) : reject(e)));
    req.end();
  });
}
