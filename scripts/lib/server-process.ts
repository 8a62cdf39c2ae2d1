// The production server as a child process for the repo's scripts (bench, probe, drills) and the
// browser tests that need a server of their own: built first when there is no build, on a fresh
// data directory when asked, ready when /api/health answers.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import { MALLOC_ENV } from "./malloc-env.mjs";

/** `npm run build` when the Next build or the compiled server (dist/server.mjs) is missing. */
export function ensureBuild(): void {
  if (existsSync(".next/BUILD_ID") && existsSync("dist/server.mjs")) return;
  console.log("building (no production build found)…");
  if (spawnSync("npm", ["run", "build"], { stdio: "inherit" }).status !== 0) process.exit(1);
}

/** Removes a data directory and the lock files beside it. */
export function freshDataDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  rmSync(`${dir}.lock`, { recursive: true, force: true });
  rmSync(`${dir}.lock.pid`, { force: true });
}

/**
 * Starts dist/server.mjs on `port`, on a fresh `dataDir` when one is given (else the env's DATA_DIR
 * or DATABASE_URL, as it is: a restart keeps its data); resolves once it answers /api/health, and
 * fails when it exits or does not answer within `timeoutMs`.
 */
export async function startServer(opts: {
  port: number;
  dataDir?: string;
  env?: Record<string, string>;
  stdio?: StdioOptions;
  timeoutMs?: number;
}): Promise<ChildProcess> {
  if (opts.dataDir) freshDataDir(opts.dataDir);
  const server = spawn(process.execPath, ["dist/server.mjs"], {
    env: {
      ...MALLOC_ENV, // as npm start runs it (scripts/start.mjs)
      ...process.env,
      NODE_ENV: "production",
      ...(opts.dataDir ? { DATA_DIR: opts.dataDir } : {}),
      PORT: String(opts.port),
      ...opts.env,
    },
    stdio: opts.stdio ?? ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(opts.port, { child: server, timeoutMs: opts.timeoutMs });
  return server;
}

/** Polls /api/health (every 250 ms, a minute by default); throws when `child` exits first or time runs out. */
export async function waitForHealth(port: number, opts: { child?: ChildProcess; timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
  for (;;) {
    if (opts.child && opts.child.exitCode !== null) throw new Error(`the server on port ${port} exited with ${opts.child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return;
    if (Date.now() > deadline) throw new Error(`the server on port ${port} did not answer /api/health`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** SIGTERM, then wait for the exit. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await exited;
}
