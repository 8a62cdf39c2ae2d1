import type { Reporter, TestModule } from "vitest/node";
import { writeTimings, type RunTimings } from "./test-timings.mjs";

/** A file's time in a worker: starting it (environment, harness, set-up file), importing it, then its tests and hooks. */
export function unitTimings(modules: ReadonlyArray<TestModule>, wallMs: number): RunTimings {
  const files = modules.map((m) => {
    const d = m.diagnostic();
    const setupMs = d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration;
    return {
      file: m.relativeModuleId,
      ms: Math.round(setupMs + d.duration),
      setupMs: Math.round(setupMs),
      tests: [...m.children.allTests()].length,
    };
  });
  const tests = modules.flatMap((m) =>
    [...m.children.allTests()].map((t) => ({
      title: `${m.relativeModuleId} › ${t.fullName}`,
      ms: Math.round(t.diagnostic()?.duration ?? 0),
    })),
  );
  return { run: "unit", wallMs, files, tests: tests.sort((a, b) => b.ms - a.ms).slice(0, 50) };
}

/** Vitest reporter (vitest.config.ts) leaving the unit run's times for `npm test`'s summary (scripts/lib/test-timings.mjs). */
export default class VitestTimings implements Reporter {
  private started = Date.now();
  onTestRunStart() {
    this.started = Date.now();
  }
  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    writeTimings(unitTimings(modules, Date.now() - this.started));
  }
}
