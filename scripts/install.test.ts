import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";

// Next is used as it ships: an install step that rewrites its runtime makes every Next release a
// reading of minified React and, last time, delayed every tap until after the first paint.
describe("npm ci leaves Next as it ships", () => {
  const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };

  test.each(["preinstall", "install", "postinstall", "prepare"])("the %s step touches no package but through patch-package", (step) => {
    const command = pkg.scripts[step];
    if (command === undefined) return;
    expect(command).toBe("patch-package");
  });

  test("no patch names Next or React", () => {
    const patches = readdirSync("patches");
    expect(patches.filter((p) => /^(next|react|react-dom)\+/.test(p))).toEqual([]);
  });
});
