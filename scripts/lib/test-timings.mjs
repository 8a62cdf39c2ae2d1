// Where a test run's time goes: the unit and browser runs each leave their files' times in
// .data/test-timings/<run>.json (vitest-timings.ts, e2e/timings-reporter.ts) and `npm test` prints
// the slowest of them under its stage times, so that the next engineer starts from a figure.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export const TIMINGS_DIR = ".data/test-timings";

/**
 * @typedef {{ file: string; ms: number; tests: number; setupMs?: number }} FileTiming
 * @typedef {{ run: string; wallMs: number; files: FileTiming[]; tests: Array<{ title: string; ms: number }> }} RunTimings
 */

/** @param {RunTimings} timings @param {string} [dir] */
export function writeTimings(timings, dir = TIMINGS_DIR) {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${timings.run}.json`);
  writeFileSync(`${file}.${process.pid}`, JSON.stringify(timings));
  renameSync(`${file}.${process.pid}`, file);
}

/** @param {string} run @param {string} [dir] @returns {RunTimings | undefined} */
export function readTimings(run, dir = TIMINGS_DIR) {
  try {
    return JSON.parse(readFileSync(path.join(dir, `${run}.json`), "utf8"));
  } catch {
    return undefined;
  }
}

/**
 * A browser run's times per spec file from its tests' (a test's time holds its hooks, so a spec's own
 * server starts in its first test's).
 * @param {string} run @param {Array<{ file: string; title: string; ms: number }>} results @param {number} wallMs
 * @returns {RunTimings}
 */
export function timingsByFile(run, results, wallMs) {
  /** @type {Map<string, { ms: number; tests: number }>} */
  const byFile = new Map();
  for (const r of results) {
    const f = byFile.get(r.file) ?? { ms: 0, tests: 0 };
    byFile.set(r.file, { ms: f.ms + r.ms, tests: f.tests + 1 });
  }
  return {
    run,
    wallMs,
    files: [...byFile].map(([file, f]) => ({ file, ...f })),
    tests: [...results]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 50)
      .map((r) => ({ title: `${r.file} › ${r.title}`, ms: r.ms })),
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;

/**
 * The lines `npm test` prints for one run: its files' summed time, then the `count` slowest files
 * (time, tests, and the part spent before the first test: imports and set-up) and tests.
 * @param {RunTimings} timings @param {number} [count]
 * @returns {string[]}
 */
export function slowestLines(timings, count = 8) {
  const total = timings.files.reduce((sum, f) => sum + f.ms, 0);
  const files = [...timings.files].sort((a, b) => b.ms - a.ms).slice(0, count);
  const tests = [...timings.tests].sort((a, b) => b.ms - a.ms).slice(0, count);
  const share = (ms) => (total > 0 ? `${Math.round((100 * ms) / total)}%`.padStart(4) : "");
  return [
    `== ${timings.run}: ${timings.files.length} files, ${seconds(total).trim()} summed over workers, ${seconds(timings.wallMs).trim()} wall; slowest files:`,
    ...files.map(
      (f) =>
        `${seconds(f.ms)} ${share(f.ms)}  ${f.file} (${f.tests} test${f.tests === 1 ? "" : "s"}${f.setupMs ? `, ${(f.setupMs / 1000).toFixed(1)} s before the first` : ""})`,
    ),
    ...(tests.length ? [`   slowest tests:`, ...tests.map((t) => `${seconds(t.ms)}       ${t.title}`)] : []),
  ];
}
