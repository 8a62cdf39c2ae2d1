import { format } from "node:util";
import { afterEach, beforeEach, vi } from "vitest";

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
