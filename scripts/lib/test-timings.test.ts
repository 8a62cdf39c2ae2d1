import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import type { TestModule } from "vitest/node";
import { readTimings, slowestLines, timingsByFile, writeTimings } from "./test-timings.mjs";
import { unitTimings } from "./vitest-timings";

const dir = mkdtempSync(path.join(tmpdir(), "test-timings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("where a test run's time goes (npm test's summary)", () => {
  test("a browser run's tests add up per spec file; the slowest tests keep their file", () => {
    const t = timingsByFile(
      "browser",
      [
        { file: "e2e/a.spec.ts", title: "one", ms: 1000 },
        { file: "e2e/b.spec.ts", title: "two", ms: 5000 },
        { file: "e2e/a.spec.ts", title: "three", ms: 2500 },
      ],
      6000,
    );
    expect(t.files).toEqual([
      { file: "e2e/a.spec.ts", ms: 3500, tests: 2 },
      { file: "e2e/b.spec.ts", ms: 5000, tests: 1 },
    ]);
    expect(t.tests.map((x) => x.title)).toEqual(["e2e/b.spec.ts › two", "e2e/a.spec.ts › three", "e2e/a.spec.ts › one"]);
  });

  test("the summary names the slowest files first, with their share, tests and time before the first test", () => {
    const lines = slowestLines(
      {
        run: "unit",
        wallMs: 4000,
        files: [
          { file: "fast.test.ts", ms: 1000, tests: 1 },
          { file: "slow.test.ts", ms: 3000, tests: 12, setupMs: 1500 },
        ],
        tests: [{ title: "slow.test.ts › a test", ms: 900 }],
      },
      1,
    );
    expect(lines).toEqual([
      "== unit: 2 files, 4.0 s summed over workers, 4.0 s wall; slowest files:",
      "    3.0 s  75%  slow.test.ts (12 tests, 1.5 s before the first)",
      "   slowest tests:",
      "    0.9 s       slow.test.ts › a test",
    ]);
  });

  test("a run's times are read back as written; a run that left none reads as nothing", () => {
    const t = { run: "unit", wallMs: 1, files: [{ file: "x.test.ts", ms: 1, tests: 1 }], tests: [] };
    writeTimings(t, dir);
    expect(readTimings("unit", dir)).toEqual(t);
    expect(readTimings("browser", dir)).toBeUndefined();
  });

  test("a unit file's time counts its start and import as well as its tests", () => {
    const testCase = (name: string, duration: number) => ({ fullName: name, diagnostic: () => ({ duration }) });
    const testModule = {
      relativeModuleId: "src/x.test.ts",
      diagnostic: () => ({ environmentSetupDuration: 100, prepareDuration: 200, setupDuration: 300, collectDuration: 400, duration: 1000 }),
      children: { allTests: () => [testCase("a", 600), testCase("b", 400)][Symbol.iterator]() },
    } as unknown as TestModule;
    const t = unitTimings([testModule], 2000);
    expect(t.files).toEqual([{ file: "src/x.test.ts", ms: 2000, setupMs: 1000, tests: 2 }]);
    expect(t.tests).toEqual([
      { title: "src/x.test.ts › a", ms: 600 },
      { title: "src/x.test.ts › b", ms: 400 },
    ]);
  });
});
