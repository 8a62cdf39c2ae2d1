import path from "node:path";
import type { Reporter, TestCase, TestResult } from "@playwright/test/reporter";
import { timingsByFile, writeTimings } from "../scripts/lib/test-timings.mjs";

/** Playwright reporter (playwright.config.ts) leaving the browser run's times for `npm test`'s summary. */
export default class TimingsReporter implements Reporter {
  private results: Array<{ file: string; title: string; ms: number }> = [];
  private started = Date.now();
  onBegin() {
    this.started = Date.now();
  }
  onTestEnd(test: TestCase, result: TestResult) {
    const [, project, , ...titles] = test.titlePath();
    this.results.push({
      file: path.relative(process.cwd(), test.location.file),
      title: `[${project}] ${titles.join(" › ")}`,
      ms: result.duration,
    });
  }
  onEnd() {
    writeTimings(timingsByFile("browser", this.results, Date.now() - this.started));
  }
  printsToStdio() {
    return false;
  }
}
