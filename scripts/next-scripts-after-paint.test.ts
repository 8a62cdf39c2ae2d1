import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import {
  DIR,
  EARLIER,
  FILES,
  INERT_TYPE,
  LOADER,
  LOADER_FILE,
  LOADER_URL,
  MARK,
  PATCHES,
  scriptsAfterPaint,
  writeLoader,
} from "./next-scripts-after-paint.mjs";

/*
 * The install-time patch that makes Next write its page scripts inert, and after its bootstrap script
 * the loader that asks for them after the first paint (docs/operations/upgrades.md),
 * run against the runtime npm installed: a Next upgrade that moves the patched code fails here, in the
 * unit tests, not only in the browser test that reads a page's script tags.
 */
type Patch = { what: string; from: string; to: string };
const patches = PATCHES as Patch[];
const ROOT = join(__dirname, "..");
const installed = (name: string) => readFileSync(join(ROOT, DIR, name), "utf8");
const temp = mkdtempSync(join(tmpdir(), "next-scripts-after-paint-"));
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
  for (const name of FILES) writeFileSync(join(runtime, name), text(name));
  return runtime;
}

describe.each(FILES)("the installed %s", (name) => {
  test("carries the patch (npm's postinstall applied it): Next's scripts are written inert", () => {
    const text = installed(name);
    expect(text.includes(MARK), "the mark").toBe(true);
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

test("the runtime writes the loader's tag once per page, after the first bootstrap script, with the request's nonce", () => {
  for (const name of FILES) {
    const text = installed(name);
    expect(text.split(`'<script src="${LOADER_URL}" async=""'+(r?' nonce="'+ee(r)+'"':"")`).length - 1, name).toBe(1);
    expect(text, name).toContain(`0===n&&c.push('<script src="${LOADER_URL}"`);
  }
});

test("the build writes the loader among Next's static files, minified, under a name that changes with it", async () => {
  const dir = join(temp, "static");
  const file = await writeLoader(dir);
  expect(file).toBe(join(dir, LOADER_FILE));
  expect(LOADER_URL).toBe(`/_next/static/chunks/${LOADER_FILE}`);
  expect(LOADER_FILE).toMatch(/^after-paint-[0-9a-f]{12}\.js$/);
  const code = readFileSync(file, "utf8");
  expect(code.length).toBeLessThan(LOADER.length);
  expect(code).toContain(JSON.stringify(INERT_TYPE));
  expect(() => new Function(code)).not.toThrow();
});

test("the script, run on a copy of the runtime as Next ships it, writes the inert form; run again, it changes nothing", () => {
  const dir = join(temp, "fresh");
  const runtime = runtimeIn(dir, unpatched);
  const out = execFileSync(process.execPath, [join(ROOT, "scripts/next-scripts-after-paint.mjs")], { cwd: dir, encoding: "utf8" });
  expect(out).toContain("written inert");
  for (const name of FILES) {
    const text = readFileSync(join(runtime, name), "utf8");
    expect(text).toBe(installed(name));
    expect(text).toContain(` type="${INERT_TYPE}"><\\/script>`);
    expect(text).not.toContain(` async=""><\\/script>`);
  }
  expect(scriptsAfterPaint(runtime)).toEqual([]);
  for (const name of FILES) expect(readFileSync(join(runtime, name), "utf8")).toBe(installed(name));
});

test("a runtime the earlier step wrote defer is taken back to Next's text first, then written inert", () => {
  const dir = join(temp, "earlier");
  const earlier = (name: string) => {
    let text = unpatched(name);
    for (const p of EARLIER.patches as Array<{ from: string; to: string }>) text = text.replace(p.from, () => p.to);
    return text;
  };
  const runtime = runtimeIn(dir, earlier);
  for (const name of FILES) expect(readFileSync(join(runtime, name), "utf8")).toContain(EARLIER.mark);
  expect(scriptsAfterPaint(runtime)).toEqual([]);
  for (const name of FILES) {
    const text = readFileSync(join(runtime, name), "utf8");
    expect(text).toBe(installed(name));
    expect(text).not.toContain(EARLIER.mark);
  }
});

test("a runtime another version of this step patched (another loader) is refused, not left as it is", () => {
  const dir = join(temp, "other-version");
  const other = (name: string) => installed(name).replace(MARK, "/*next-scripts-after-paint:0123456789ab*/");
  const runtime = runtimeIn(dir, other);
  expect(scriptsAfterPaint(runtime)).toEqual(
    FILES.map((name) => `${name}: patched by another version of this step: reinstall Next (rm -rf node_modules/next && npm ci)`),
  );
  for (const name of FILES) expect(readFileSync(join(runtime, name), "utf8")).toBe(other(name));
});

test("a runtime without a pattern (another Next version) fails the install and is left as it was", () => {
  const dir = join(temp, "moved");
  const moved = (name: string) => unpatched(name).replace(patches[0]!.from, "function to(e,t){/*moved*/");
  const runtime = runtimeIn(dir, moved);
  expect(scriptsAfterPaint(runtime)).toEqual(FILES.map((name) => `${name}: expected the pattern once, found 0 (${patches[0]!.what})`));
  for (const name of FILES) expect(readFileSync(join(runtime, name), "utf8")).toBe(moved(name));
  expect(() => execFileSync(process.execPath, [join(ROOT, "scripts/next-scripts-after-paint.mjs")], { cwd: dir, stdio: "pipe" })).toThrow(
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
