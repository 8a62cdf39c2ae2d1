// The production server as a child process for the repo's scripts (bench, probe): built first
// when there is no build, on a fresh data directory, ready when /api/health answers.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from "node:child_process";
import { existsSync, rmSync } from "node:fs";

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

/** Starts dist/server.mjs on `port` with a fresh `dataDir`; resolves once it answers /api/health. */
export async function startServer(opts: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
  stdio?: StdioOptions;
}): Promise<ChildProcess> {
  freshDataDir(opts.dataDir);
  const server = spawn(process.execPath, ["dist/server.mjs"], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: opts.dataDir, PORT: String(opts.port), ...opts.env },
    stdio: opts.stdio ?? ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(opts.port);
  return server;
}

/** Polls /api/health for up to a minute. */
export async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 120; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** SIGTERM, then wait for the exit. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null) return;
  const exited = new Promise((r) => server.once("exit", r));
  server.kill("SIGTERM");
  await exited;
}
