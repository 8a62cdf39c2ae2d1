import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

/*
 * What staff and operators read in the back-office and the console is said in their words: no spec
 * section numbers, no "see the README" (they do not have it) and no column names as the explanation.
 * Comments are left out: only the lines a page can show are checked.
 */

const ROOTS = ["src/components/admin", "src/app/admin"];
const files = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\./.test(e.name) ? [join(dir, e.name)] : [],
  );
const shown = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .split("\n")
    .filter((l) => !/^\s*\/\//.test(l));

const WORDS: Array<[string, RegExp]> = [
  ["a spec section number", /§|\bSPEC\b/],
  ["a pointer to the README", /\bREADME\b/],
  ["the column name as the explanation", /Primary vehicle override/i],
];

describe("the back-office's words", () => {
  const all = ROOTS.flatMap(files);
  test("the sources are found", () => expect(all.length).toBeGreaterThan(20));
  test.each(WORDS)("no %s in what a page shows", (_what, re) => {
    const hits = all.flatMap((f) => shown(readFileSync(f, "utf8")).flatMap((l) => (re.test(l) ? [`${f}: ${l.trim()}`] : [])));
    expect(hits).toEqual([]);
  });
});

describe("a name's possessive", () => {
  // "Audit Motors's" reads wrong: a name given an 's in a sentence goes through possessive()
  test("no template gives a name a bare 's", () => {
    const all = ["src/components", "src/app", "src/server"].flatMap(files);
    const hits = all.flatMap((f) =>
      shown(readFileSync(f, "utf8")).flatMap((l) => (/\$\{[^}]+\}['’]s\b/.test(l) ? [`${f}: ${l.trim()}`] : [])),
    );
    expect(hits).toEqual([]);
  });
});
