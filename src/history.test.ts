import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, test } from "vitest";

/*
 * The code speaks for itself: a reader has neither the tracker nor the product spec, so no source
 * file names a ticket by its number or a numbered section of the spec (a section sign and a number). Where a rule comes from the
 * spec, the comment names the feature doc that states it in our words (docs/features/*.md).
 */
const ROOT = join(__dirname, "..");
const SCANNED = ["src", "scripts", "e2e"];
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|css|json|md|sql|dtd|sh)$/;

const TAGS: Array<[string, RegExp]> = [
  ["a numbered section of the spec", /SPEC\s*\u00a7|\u00a7\s*\d/],
  ["a ticket tag", /\b[Ii]ssues? #?\d+\b/],
];

/** Each history tag in a text: its line number, what it is and the line. */
function historyTags(text: string): Array<{ line: number; what: string; text: string }> {
  const found: Array<{ line: number; what: string; text: string }> = [];
  text.split("\n").forEach((line, i) => {
    for (const [what, re] of TAGS) if (re.test(line)) found.push({ line: i + 1, what, text: line.trim() });
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sourceFiles(path);
    return TEXT.test(e.name) ? [path] : [];
  });
}

describe("historyTags", () => {
  test.each([
    ["// the thumb on a phone (SPEC \u00a73 logo)", 1],
    ["/** \u00a79: the rate */", 1],
    ["// the front door (iss\u0075e 34)", 1],
    ["// Iss\u0075es #12 and 13", 1],
    ["/* the map (SPEC\n * \u00a78: placeholders) */", 1],
    ["// the spec's own field names, in docs/features/forms-and-leads.md", 0],
    ["// two issues at once: 3 tries", 0],
  ])("%j has %i", (text, count) => expect(historyTags(text)).toHaveLength(count));
});

test("no source file under src/, scripts/ or e2e/ names a ticket or a numbered section of the spec", () => {
  const files = SCANNED.flatMap((d) => sourceFiles(join(ROOT, d)));
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((f) =>
    historyTags(readFileSync(f, "utf8")).map((t) => `${relative(ROOT, f)}:${t.line}: ${t.what}: ${t.text}`),
  );
  expect(found).toEqual([]);
});
