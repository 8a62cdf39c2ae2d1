import { describe, expect, test } from "vitest";
import { BENCH_PARTS, parseBenchArgs, shouldRun, type BenchOptions } from "./options";

const FLAGS_OFF = { pg: false, cluster: false, fresh: false, sharedCache: false, help: false };
const DEFAULTS: BenchOptions = { seconds: 10, scale: 100_000, perSite: 200, only: null, ...FLAGS_OFF };

describe("parseBenchArgs", () => {
  test.each([
    [[], {}],
    [["--only", "http"], { only: "http" }],
    [["--only", "query", "--pg", "--scale", "1000000"], { only: "query", pg: true, scale: 1_000_000 }],
    [["--seconds", "3", "--per-site", "50"], { seconds: 3, perSite: 50 }],
    [["--cluster", "--seconds", "5"], { cluster: true, seconds: 5 }],
    [["--help"], { help: true }],
    [["--only", "fleet"], { only: "fleet" }],
    [["--only", "fleet", "--fresh", "--shared-cache", "--seconds", "2"], { only: "fleet", fresh: true, sharedCache: true, seconds: 2 }],
  ] as const)("%j", (argv, expected) => expect(parseBenchArgs(argv)).toEqual({ ...DEFAULTS, ...expected }));

  test.each([
    [["--only"], "--only takes one of"],
    [["--only", "everything"], "--only takes one of"],
    [["--seconds"], "--seconds takes a whole number above 0"],
    [["--seconds", "ten"], "--seconds takes a whole number above 0"],
    [["--scale", "0"], "--scale takes a whole number above 0"],
    [["--scale", "1.5"], "--scale takes a whole number above 0"],
    [["--fast"], "unknown option --fast"],
    [["http"], "unknown option http"],
  ] as const)("%j is refused", (argv, error) => {
    const r = parseBenchArgs(argv);
    expect("error" in r && r.error).toContain(error);
  });
});

describe("shouldRun", () => {
  test.each(BENCH_PARTS.filter((p) => p !== "fleet").map((p) => [p]))(
    "%s runs in a full run, alone with --only, never with --cluster",
    (part) => {
      expect(shouldRun(DEFAULTS, part)).toBe(true);
      expect(shouldRun({ ...DEFAULTS, only: part }, part)).toBe(true);
      expect(shouldRun({ ...DEFAULTS, only: part === "http" ? "js" : "http" }, part)).toBe(false);
      expect(shouldRun({ ...DEFAULTS, cluster: true }, part)).toBe(false);
    },
  );

  test("the fleet runs only when named: a full run leaves its million cars alone", () => {
    expect(shouldRun(DEFAULTS, "fleet")).toBe(false);
    expect(shouldRun({ ...DEFAULTS, only: "fleet" }, "fleet")).toBe(true);
    expect(shouldRun({ ...DEFAULTS, only: "fleet" }, "http")).toBe(false);
    expect(shouldRun({ ...DEFAULTS, only: "fleet", cluster: true }, "fleet")).toBe(false);
  });
});
