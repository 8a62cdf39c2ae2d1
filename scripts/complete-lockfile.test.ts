import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
// @ts-expect-error — a plain .mjs script without types
import { missingOptional, platformOf } from "./complete-lockfile.mjs";

describe("package-lock.json is complete for `npm ci`", () => {
  test("every optional platform package has an entry (run scripts/complete-lockfile.mjs after npm install)", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8"));
    expect(missingOptional(lock).map((m: { dep: string }) => m.dep)).toEqual([]);
  });

  test.each([
    ["@next/swc-darwin-arm64", { os: ["darwin"], cpu: ["arm64"] }],
    ["@rollup/rollup-linux-x64-musl", { os: ["linux"], cpu: ["x64"], libc: ["musl"] }],
    ["@rollup/rollup-linux-arm-gnueabihf", { os: ["linux"], cpu: ["arm"], libc: ["glibc"] }],
    ["@tailwindcss/oxide-wasm32-wasi", { cpu: ["wasm32"] }],
    ["@unrs/resolver-binding-win32-ia32-msvc", { os: ["win32"], cpu: ["ia32"] }],
  ])("%s → %o", (name, platform) => expect(platformOf(name)).toEqual(platform));
});
