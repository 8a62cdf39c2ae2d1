// `npm test`: everything a change must pass, scheduled for a machine of two cores.
// The browser tests (the build, then Playwright) start at once. Beside them, at a lower CPU priority,
// run the checks: the dependency rules of .dependency-cruiser.cjs, Prettier, ESLint and the unit
// tests, and the type check as soon as the build has written the route types it reads (the build
// itself then skips its own pass over the same program). The browser run leaves about a third of two
// cores idle while its tests wait on pages, mail and timers; the checks fill that instead of running
// first, and the lower priority keeps the browser tests' timing as if they ran alone
// (docs/operations/testing.md). Each check's output is printed whole when it ends (never
// interleaved), with its time; the browser run's is streamed. A failed check stops the browser run.
// `npm test -- --no-browser` runs the checks only. Then the slowest files of the unit and browser
// runs (scripts/lib/test-timings.mjs) and each stage's time. Exit code: the first failure's.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { setPriority } from "node:os";
import { readTimings, slowestLines, TIMINGS_DIR } from "./lib/test-timings.mjs";

const CHECKS = ["test:unit", "lint", "format:check", "deps"];
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
/** the checks' priority beside the browser run (nice 10: a tenth of a normal process's share when both want the CPU) */
const CHECK_PRIORITY = 10;
const browser = !process.argv.includes("--no-browser");
/** @type {Set<import("node:child_process").ChildProcess>} */
const browserRun = new Set();

/**
 * @param {string} script
 * @param {{ quiet: boolean; niced?: boolean; env?: Record<string, string> }} opts quiet: buffer the output and print it at the end
 * @returns {Promise<{ script: string; ok: boolean; code: number; seconds: string }>}
 */
function run(script, { quiet, niced = false, env = {} }) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", "--silent", script], {
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0"), ...env },
      // the browser run is a process group of its own, so that a failed check can stop all of it
      detached: !quiet && process.platform !== "win32",
    });
    // set before npm has started the script: what it starts inherits the priority
    if (niced && child.pid) setPriority(child.pid, CHECK_PRIORITY);
    if (!quiet) browserRun.add(child);
    /** @type {Buffer[]} */
    const out = [];
    child.stdout?.on("data", (chunk) => out.push(chunk));
    child.stderr?.on("data", (chunk) => out.push(chunk));
    child.on("close", (code, signal) => {
      browserRun.delete(child);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      if (quiet) process.stdout.write(Buffer.concat(out));
      console.log(`\n== ${script}: ${ok ? "passed" : `FAILED (${signal ?? code})`} in ${seconds} s\n`);
      resolve({ script, ok, code: code ?? 1, seconds });
    });
  });
}

/** Stops the browser run (Playwright stops its server and browsers on SIGTERM). */
function stopBrowserRun() {
  for (const child of browserRun) {
    if (!child.pid) continue;
    try {
      process.kill(process.platform === "win32" ? child.pid : -child.pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
}

const started = Date.now();
// the slowest files printed at the end are this run's (the unit and browser reporters write them anew)
rmSync(TIMINGS_DIR, { recursive: true, force: true });
console.log(`== ${browser ? "build and browser tests, beside them " : ""}${[...CHECKS, "typecheck"].join(", ")}`);

/** @type {Array<{ script: string; ok: boolean; code: number; seconds: string }>} */
const results = [];
/** @param {Promise<{ script: string; ok: boolean; code: number; seconds: string }>} p */
const check = (p) =>
  p.then((r) => {
    results.push(r);
    if (!r.ok) stopBrowserRun();
    return r;
  });

// the build type-checks nothing here: the typecheck check does it, with the route types the build wrote
const build = browser ? run("build", { quiet: false, env: { SKIP_BUILD_TYPECHECK: "1" } }) : Promise.resolve(undefined);
const checks = [
  ...CHECKS.map((script) => check(run(script, { quiet: true, niced: browser }))),
  check(build.then(() => run("typecheck", { quiet: true, niced: browser }))),
];
const browserTests = build.then(async (built) => {
  if (!built) return;
  results.push(built);
  if (!built.ok || results.some((r) => !r.ok)) return;
  results.push(await run("test:browser", { quiet: false }));
});
await Promise.all([...checks, browserTests]);

for (const run of ["unit", "browser"]) {
  const timings = readTimings(run);
  if (timings) console.log(`${slowestLines(timings).join("\n")}\n`);
}
console.log("== npm test stages");
for (const r of results) console.log(`${r.seconds.padStart(7)} s  ${r.ok ? "ok    " : "FAILED"}  ${r.script}`);
console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  total`);
const firstFailure = results.find((r) => !r.ok);
process.exit(firstFailure ? firstFailure.code || 1 : 0);
