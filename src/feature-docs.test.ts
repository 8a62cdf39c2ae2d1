import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

/*
 * Any page's route, view, rules and data are one hop from the README: the README lists every feature
 * doc, and every feature doc opens with "Where the code is", naming files that exist.
 */
const ROOT = join(__dirname, "..");
const FEATURES = join(ROOT, "docs/features");
const KINDS = ["Route", "View", "Rules", "Data"] as const;

/** The "Where the code is" section of a feature doc: each kind's line, and the source paths it names. */
function whereTheCodeIs(doc: string): { first: boolean; lines: Partial<Record<(typeof KINDS)[number], string>>; paths: string[] } {
  const sections = doc.split(/^## /m);
  const first = (sections[1] ?? "").startsWith("Where the code is\n");
  // the section is its heading and the list under it
  const list = first ? sections[1]!.split("\n").slice(1) : [];
  const end = list.findIndex((l, i) => i > 0 && !l.startsWith("- ") && l.trim() !== "" && list[i - 1]!.trim() === "");
  const body = (end < 0 ? list : list.slice(0, end)).join("\n");
  const lines: Partial<Record<(typeof KINDS)[number], string>> = {};
  for (const kind of KINDS) {
    const line = body.match(new RegExp(`^- \\*\\*${kind}:\\*\\* (.+)$`, "m"))?.[1];
    if (line) lines[kind] = line;
  }
  const paths = [...body.matchAll(/`(src\/[^`]+)`/g)].map((m) => m[1]!);
  return { first, lines, paths };
}

describe("whereTheCodeIs", () => {
  test.each([
    [
      "# T\n\n## Where the code is\n\n- **Route:** `src/a.ts`\n- **View:** `src/b.tsx`\n\n## Next\n`src/c.ts`",
      true,
      2,
      ["src/a.ts", "src/b.tsx"],
    ],
    ["# T\n\n## Where the code is\n\n- **Route:** `src/a.ts`\n\nThe rest names `src/c.ts`", true, 1, ["src/a.ts"]],
    ["# T\n\n## Other\n\n## Where the code is\n\n- **Route:** `src/a.ts`", false, 0, []],
    ["# T\n\nno sections", false, 0, []],
  ])("%j: first %s, %i kinds, paths %j", (doc, first, kinds, paths) => {
    const found = whereTheCodeIs(doc);
    expect(found.first).toBe(first);
    expect(Object.keys(found.lines)).toHaveLength(kinds);
    expect(found.paths).toEqual(paths);
  });
});

const docs = readdirSync(FEATURES).filter((f) => f.endsWith(".md"));

test("there are feature docs", () => expect(docs.length).toBeGreaterThan(10));

describe.each(docs)("docs/features/%s", (name) => {
  const found = whereTheCodeIs(readFileSync(join(FEATURES, name), "utf8"));

  test("opens with 'Where the code is': route, view, rules and data", () => {
    expect(found.first).toBe(true);
    expect(Object.keys(found.lines).sort()).toEqual([...KINDS].sort());
  });

  test("every path it names exists", () => {
    expect(found.paths.length).toBeGreaterThan(0);
    expect(found.paths.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
  });

  test("the README links it", () => {
    expect(readFileSync(join(ROOT, "README.md"), "utf8")).toContain(`(docs/features/${name})`);
  });
});

test("every file docs/operations/upgrades.md names as a shim or its test exists", () => {
  const text = readFileSync(join(ROOT, "docs/operations/upgrades.md"), "utf8");
  const named = [...text.matchAll(/`((?:src|e2e|scripts|patches)\/[^`*]+)`/g)].map((m) => m[1]!);
  expect(named.length).toBeGreaterThan(10);
  expect(named.filter((p) => !existsSync(join(ROOT, p)))).toEqual([]);
});
