// `npm test`: the static and unit checks side by side (types, lint, format, the dependency rules of
// .dependency-cruiser.cjs, unit tests), then the browser tests.
// Each check's output is printed whole when it ends (never interleaved), with its time; the browser
// tests start only when all of them passed (`npm test -- --no-browser` stops before them). Exit code:
// the first failure's.
import { spawn } from "node:child_process";

const parallel = ["typecheck", "lint", "format:check", "deps", "test:unit"];
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

/** @param {string} script @param {boolean} quiet buffer the output and print it at the end */
function run(script, quiet) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ["run", "--silent", script], {
      stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? "1" : "0") },
    });
    /** @type {Buffer[]} */
    const out = [];
    child.stdout?.on("data", (chunk) => out.push(chunk));
    child.stderr?.on("data", (chunk) => out.push(chunk));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      if (quiet) process.stdout.write(Buffer.concat(out));
      console.log(`\n== ${script}: ${ok ? "passed" : `FAILED (${signal ?? code})`} in ${seconds} s\n`);
      resolve({ script, ok, code: code ?? 1, seconds });
    });
  });
}

const started = Date.now();
console.log(`== ${parallel.join(", ")} side by side`);
const results = await Promise.all(parallel.map((script) => run(script, true)));
const failed = results.find((r) => !r.ok);
if (!failed && !process.argv.includes("--no-browser")) results.push(await run("test:e2e", false));
console.log("== npm test stages");
for (const r of results) console.log(`${r.seconds.padStart(7)} s  ${r.ok ? "ok    " : "FAILED"}  ${r.script}`);
console.log(`${((Date.now() - started) / 1000).toFixed(1).padStart(7)} s  total`);
const firstFailure = results.find((r) => !r.ok);
process.exit(firstFailure ? firstFailure.code || 1 : 0);
