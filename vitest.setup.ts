import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

/*
 * Two test files run at once (vitest.config.ts: maxWorkers): each worker writes its uploads,
 * photos, image variants and mail in folders of its own, so that one file's clean-up never empties
 * another's folder mid-test. Set before any test module reads the environment (env() parses once).
 */
const pool = process.env.VITEST_POOL_ID ?? "1";
for (const key of ["UPLOAD_DIR", "PHOTO_DIR", "IMAGE_CACHE_DIR", "OUTBOX_DIR"] as const) {
  const dir = process.env[key];
  if (dir && !dir.endsWith(`-${pool}`)) process.env[key] = `${dir}-${pool}`;
}

/*
 * A unit test fails when anything calls console.error (epic-stack style; e2e does the same for the
 * browser): React warnings, failed effects and unexpected errors never pass quietly. A test that
 * expects one says so with `vi.spyOn(console, "error").mockImplementation(() => {})` in its body.
 */
let calls: string[] = [];
beforeEach(() => {
  calls = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    calls.push(format(...args));
  });
});
afterEach(() => {
  const seen = calls;
  vi.mocked(console.error).mockRestore();
  if (seen.length > 0) throw new Error(`console.error was called during the test:\n${seen.join("\n")}`);
});
