import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { STANDALONE_CONFIG, startFromBuiltConfig } from "./next-config";

function built(config: object): string {
  const dir = mkdtempSync(join(tmpdir(), "next-config-"));
  mkdirSync(join(dir, ".next"));
  writeFileSync(join(dir, ".next", "required-server-files.json"), JSON.stringify({ version: 1, config, files: [] }));
  return dir;
}

test("the server starts Next from the config its build wrote, not from next.config.ts", () => {
  const config = { distDir: ".next", poweredByHeader: false, images: { loader: "custom" } };
  const vars: Record<string, string | undefined> = {};
  startFromBuiltConfig(built(config), vars);
  expect(JSON.parse(vars[STANDALONE_CONFIG]!)).toEqual(config);
});

test("a config already handed over is kept", () => {
  const vars: Record<string, string | undefined> = { [STANDALONE_CONFIG]: '{"distDir":"elsewhere"}' };
  startFromBuiltConfig(built({ distDir: ".next" }), vars);
  expect(vars[STANDALONE_CONFIG]).toBe('{"distDir":"elsewhere"}');
});

test("a missing build is an error at start, not a silent fallback", () => {
  expect(() => startFromBuiltConfig(mkdtempSync(join(tmpdir(), "next-config-")), {})).toThrow(/required-server-files/);
});
