import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

// Node 20 reached its end of life in April 2026: the platform runs, is tested and measured on a
// supported LTS, which `npm ci` installs from the npm registry's `node` package.
const major = (v: string) => Number(v.replace(/^v/, "").split(".")[0]);

test("the tests run on Node 24 or newer (npm scripts put the installed runtime first on the PATH)", () => {
  expect(major(process.versions.node)).toBeGreaterThanOrEqual(24);
});

test("package.json pins the runtime package to an LTS release of 24 or newer, and its binary is installed", () => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string> };
  expect(major(pkg.dependencies.node!)).toBeGreaterThanOrEqual(24);
  expect(major(pkg.dependencies.node!) % 2).toBe(0); // even majors are the LTS lines
  const installed = spawnSync("node_modules/node/bin/node", ["--version"], { encoding: "utf8" });
  expect(installed.stdout.trim()).toBe(`v${pkg.dependencies.node}`);
});
