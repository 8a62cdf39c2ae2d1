import { ESLint } from "eslint";
import { describe, expect, test } from "vitest";

// The function-size budget in eslint.config.mjs: about 120 lines to a function, tests exempt.
const eslint = new ESLint({ cwd: process.cwd() });
const RULE = "max-lines-per-function";

/** A function of `lines` statements, with a blank line and a comment between each (neither counts). */
const fn = (lines: number) =>
  `export function big(): number {\n  let n = 0;\n${Array.from({ length: lines }, () => "  n += 1;\n\n  // a comment\n").join("")}  return n;\n}\n`;

const over = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === RULE).length > 0;
};

describe("the function-size budget", () => {
  test.each([
    [110, "src/domain/leads/budget-probe.ts", false],
    [130, "src/domain/leads/budget-probe.ts", true],
    [130, "src/components/forms/budget-probe.tsx", true],
    [130, "scripts/budget-probe.ts", true],
    [130, "src/domain/leads/budget-probe.test.ts", false],
    [130, "src/components/forms/budget-probe.test.tsx", false],
    [130, "e2e/budget-probe.ts", false],
  ])("%i lines in %s: over %s", async (lines, filePath, expected) => {
    expect(await over(fn(lines), filePath)).toBe(expected);
  });
});
