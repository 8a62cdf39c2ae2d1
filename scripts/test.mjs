// `npm test`: everything a change must pass, scheduled for a machine of two cores, in two phases.
// First the unit tests beside the build (and the dependency rules, at a lower CPU priority): several
// unit tests time what they check (a deadline, a cache's fresh window), so they never share the
// machine with the browser run. Then the browser tests, and beside them, at a lower CPU priority,
// the checks that time nothing: Prettier, ESLint and the type check (which reads the route types the
// build wrote; the build itself skips its own pass over the same program). The browser run leaves
// about a third of two cores idle while its tests wait on pages, mail and timers; those checks fill
// it (docs/operations/testing.md). Each check's output is printed whole when it ends (never
// interleaved), with its time; the browser run's is streamed. A failed check stops the browser run.
// `npm test -- --no-browser` runs the checks only. Then the slowest files of the unit and browser
// runs (scripts/lib/test-timings.mjs) and each stage's time. Exit code: the first failure's.
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { setPriority } from "node:os";
import { readTimings, slowestLines, TIMINGS_DIR } from "./lib/test-timings.mjs";

/** beside the browser run: nothing here times what it checks */
const CHECKS = ["lint", "format:check"];
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
console.log(
  `== ${browser ? "the build beside " : ""}test:unit and deps; then ${browser ? "the browser tests beside " : ""}${[...CHECKS, "typecheck"].join(", ")}`,
);

/** @type {Array<{ script: string; ok: boolean; code: number; seconds: string }>} */
const results = [];
/** @param {Promise<{ script: string; ok: boolean; code: number; seconds: string }>} p */
const check = (p) =>
  p.then((r) => {
    results.push(r);
    if (!r.ok) stopBrowserRun();
    return r;
  });

// phase one: the unit tests and the build (which type-checks nothing here: the typecheck check does
// it, with the route types the build wrote), the dependency rules beside them
const build = browser ? run("build", { quiet: false, env: { SKIP_BUILD_TYPECHECK: "1" } }) : Promise.resolve(undefined);
const unit = check(run("test:unit", { quiet: true }));
const deps = check(run("deps", { quiet: true, niced: browser }));
const built = await build;
await unit;
// phase two: the browser tests, the checks that time nothing beside them
const checks = [
  deps,
  ...CHECKS.map((script) => check(run(script, { quiet: true, niced: browser }))),
  check(run("typecheck", { quiet: true, niced: browser })),
];
const browserTests = (async () => {
  if (!built) return;
  results.push(built);
  if (!built.ok || results.some((r) => !r.ok)) return;
  results.push(await run("test:browser", { quiet: false }));
})();
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
