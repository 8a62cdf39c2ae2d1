import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
// @ts-expect-error: a plain ES module script without types
import { DIR, FILES, MARK, PATCHES, deferNextScripts } from "./defer-next-scripts.mjs";

/*
 * The install-time patch that makes Next write its page scripts `defer` (docs/operations/upgrades.md),
 * run against the runtime npm installed: a Next upgrade that moves the patched code fails here, in the
 * unit tests, not only in the browser test that reads a page's script tags.
 */
type Patch = { what: string; from: string; to: string };
const patches = PATCHES as Patch[];
const ROOT = join(__dirname, "..");
const installed = (name: string) => readFileSync(join(ROOT, DIR, name), "utf8");
const temp = mkdtempSync(join(tmpdir(), "defer-next-scripts-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A copy of the installed runtime as Next ships it: the patch taken back out. */
function unpatched(name: string): string {
  let text = installed(name);
  for (const p of patches) text = text.replace(p.to, () => p.from);
  return text;
}

function runtimeIn(dir: string, text: (name: string) => string) {
  const runtime = join(dir, DIR);
  mkdirSync(runtime, { recursive: true });
  for (const name of FILES as string[]) writeFileSync(join(runtime, name), text(name));
  return runtime;
}

describe.each(FILES as string[])("the installed %s", (name) => {
  test("carries the patch (npm's postinstall applied it): Next's scripts are written defer", () => {
    const text = installed(name);
    expect(text).toContain(MARK);
    for (const p of patches) {
      expect(text.split(p.to).length - 1, p.what).toBe(1);
      expect(text.includes(p.from), p.what).toBe(false);
    }
  });

  test("as Next ships it, holds each pattern exactly once", () => {
    const text = unpatched(name);
    expect(text).not.toContain(MARK);
    for (const p of patches) expect(text.split(p.from).length - 1, p.what).toBe(1);
  });
});

test("the script, run on a copy of the runtime as Next ships it, writes the deferred form; run again, it changes nothing", () => {
  const dir = join(temp, "fresh");
  const runtime = runtimeIn(dir, unpatched);
  const out = execFileSync(process.execPath, [join(ROOT, "scripts/defer-next-scripts.mjs")], { cwd: dir, encoding: "utf8" });
  expect(out).toContain("written defer");
  for (const name of FILES as string[]) {
    const text = readFileSync(join(runtime, name), "utf8");
    expect(text).toBe(installed(name));
    expect(text).toContain(` defer=""><\\/script>`);
    expect(text).not.toContain(` async=""><\\/script>`);
  }
  expect(deferNextScripts(runtime)).toEqual([]);
  for (const name of FILES as string[]) expect(readFileSync(join(runtime, name), "utf8")).toBe(installed(name));
});

test("a runtime without a pattern (another Next version) fails the install and is left as it was", () => {
  const dir = join(temp, "moved");
  const moved = (name: string) => unpatched(name).replace(patches[0]!.from, "function to(e,t){/*moved*/");
  const runtime = runtimeIn(dir, moved);
  expect(deferNextScripts(runtime)).toEqual(
    (FILES as string[]).map((name) => `${name}: expected the pattern once, found 0 (${patches[0]!.what})`),
  );
  for (const name of FILES as string[]) expect(readFileSync(join(runtime, name), "utf8")).toBe(moved(name));
  expect(() => execFileSync(process.execPath, [join(ROOT, "scripts/defer-next-scripts.mjs")], { cwd: dir, stdio: "pipe" })).toThrow(
    /expected the pattern once/,
  );
});

test("the packages whose installed files are patched are pinned to the installed version exactly", () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { dependencies: Record<string, string> };
  const version = (name: string) =>
    (JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")) as { version: string }).version;
  const patched = readdirSync(join(ROOT, "patches")).map((f) => f.match(/^(.+)\+([^+]+)\.patch$/)!.slice(1, 3) as [string, string]);
  const pins: Array<[string, string]> = [["next", version("next")], ...patched];
  for (const [name, at] of pins) {
    expect(pkg.dependencies[name], name).toBe(at);
    expect(version(name), name).toBe(at);
  }
});
