import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { MALLOC_ENV } from "./malloc-env.mjs";

test("malloc gives freed memory back past 128 KB and keeps two arenas", () =>
  expect(MALLOC_ENV).toEqual({ MALLOC_ARENA_MAX: "2", MALLOC_TRIM_THRESHOLD_: "131072" }));

test.each(["scripts/start.mjs", "scripts/lighthouse.mjs", "scripts/lib/server-process.ts", "scripts/lib/cluster.ts"])(
  "%s starts the app with MALLOC_ENV, under a value the environment already has",
  (file) => {
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/\.\.\.MALLOC_ENV,[^\n]*\n?\s*\.\.\.process\.env/);
  },
);
