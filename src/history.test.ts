import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

/*
 * The code speaks for itself: a reader has neither the tracker nor the product spec, so no source
 * file names a ticket by its number or a numbered section of the spec (a section sign and a number). Where a rule comes from the
 * spec, the comment names the doc that states it in our words (docs/product.md, docs/features/*.md).
 */
const ROOT = join(__dirname, "..");
const SCANNED = ["src", "scripts", "e2e"];
const TEXT = /\.(ts|tsx|mts|mjs|js|cjs|css|json|md|sql|dtd|sh)$/;

/** The product documents kept beside the checkout, which a clone does not have (docs/ says it in our words). */
const KEPT_OUTSIDE = /(?:^|[^\w/.-])(?:SPEC|DESIGN|DEMO_DATA)\.md\b|\.\.\/shared\b/;

const TAGS: Array<[string, RegExp]> = [
  ["a numbered section of the spec", /SPEC\s*\u00a7|\u00a7\s*\d/],
  ["a ticket tag", /\b[Ii]ssues? #?\d+\b/],
  ["a document kept outside the repository", KEPT_OUTSIDE],
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
    ["// the demo's counts (DEMO_DATA\u002emd)", 1],
    ["// see ..\u002fshared/design notes", 1],
    ["// the demo's counts (docs/demo-data.md)", 0],
  ])("%j has %i", (text, count) => expect(historyTags(text)).toHaveLength(count));
});

test("no source file under src/, scripts/ or e2e/ names a ticket, a numbered section of the spec or a document outside the repository", () => {
  const files = SCANNED.flatMap((d) => sourceFiles(join(ROOT, d)));
  expect(files.length).toBeGreaterThan(100);
  const found = files.flatMap((f) =>
    historyTags(readFileSync(f, "utf8")).map((t) => `${relative(ROOT, f)}:${t.line}: ${t.what}: ${t.text}`),
  );
  expect(found).toEqual([]);
});

/*
 * The README and docs/ explain the repository with what a clone holds: every link and every path
 * they name resolves to a file inside it, and nothing points at documents kept beside the checkout.
 */
const OUTSIDE: Array<[string, RegExp]> = [
  ["a document kept outside the repository", KEPT_OUTSIDE],
  ["an absolute path on a machine", /(?:^|[\s(`])\/(?:work|home|Users|tmp)\//],
];
const REPO_PATH = /`((?:src|scripts|e2e|docs|patches|\.ci)\/[^`\s*<>{}…|]+)`/g;

/** A heading's anchor as GitHub writes it: lower case, punctuation dropped, spaces as hyphens. */
export const anchorOf = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, "")
    .replace(/ /g, "-");

/** The anchors of a Markdown text's headings. */
export const anchorsIn = (text: string): Set<string> => new Set([...text.matchAll(/^#+ (.+)$/gm)].map((m) => anchorOf(m[1]!)));

type Repository = { exists: (path: string) => boolean; anchors: (path: string) => Set<string> };

/** What a Markdown file at `file` (relative to the root) names that a clone does not hold. */
export function badReferences(file: string, text: string, repo: Repository): string[] {
  const { exists } = repo;
  const found: string[] = [];
  text.split("\n").forEach((line, i) => {
    const at = `${file}:${i + 1}`;
    for (const [what, re] of OUTSIDE) if (re.test(line)) found.push(`${at}: ${what}: ${line.trim()}`);
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const [target = "", anchor] = m[1]!.replace(/\?[^#]*/, "").split("#");
      if (/^[a-z][a-z+.-]*:/i.test(target)) continue;
      const path = target ? relative(".", join(dirname(file), decodeURI(target))) : file;
      if (path.startsWith("..")) found.push(`${at}: a link outside the repository: ${m[1]}`);
      else if (!exists(path)) found.push(`${at}: a link to a file that does not exist: ${m[1]}`);
      else if (anchor && path.endsWith(".md") && !repo.anchors(path).has(anchor))
        found.push(`${at}: a link to a heading that does not exist: ${m[1]}`);
    }
    for (const m of line.matchAll(REPO_PATH)) {
      const path = m[1]!.replace(/[.,:;)]+$/, "");
      if (!exists(path)) found.push(`${at}: names a path that does not exist: ${path}`);
    }
  });
  return found;
}

describe("badReferences", () => {
  const held = new Set(["README.md", "docs/a.md", "docs/b", "src/x.ts"]);
  const repo = { exists: (p: string) => held.has(p), anchors: () => anchorsIn("# Top\n\n## The site's record (2026)") };
  test.each([
    ["README.md", "see [a](docs/a.md#top) and `src/x.ts`", 0],
    ["README.md", "[search](docs/a.md?x=1#top)", 0],
    ["docs/a.md", "[up](../README.md), [b](b/), [web](https://example.com), [here](#top), [mail](mailto:a@b.c)", 0],
    ["docs/a.md", "`src/app/sites/[site]/<path>/page.tsx` and `src/**/*.ts` are patterns", 0],
    ["README.md", "the spec is `..\u002fshared/SPEC\u002emd`", 1],
    ["README.md", "described in DEMO_DATA\u002emd", 1],
    ["docs/a.md", "[spec](../..\u002fshared/SPEC\u002emd)", 2],
    ["docs/a.md", "[gone](c.md)", 1],
    ["README.md", "`src/y.ts` does not exist", 1],
    ["README.md", "read /work/shared/DESIGN\u002emd", 1],
    ["README.md", "see DESIGN\u002emd, then /home/me/notes", 2],
    ["docs/a.md", "the design is in [design](b/) and docs/design.md", 0],
    ["docs/a.md", "[record](../README.md#the-sites-record-2026) and [top](#top)", 0],
    ["docs/a.md", "[gone](../README.md#the-site-record) and [here](#nowhere)", 2],
  ])("%s: %j has %i", (file, text, count) => expect(badReferences(file, text, repo)).toHaveLength(count));
});

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return markdownFiles(path);
    return e.name.endsWith(".md") ? [path] : [];
  });
}

test("the README and every file under docs/ name only files the repository holds", () => {
  const files = [join(ROOT, "README.md"), ...markdownFiles(join(ROOT, "docs"))];
  expect(files.length).toBeGreaterThan(40);
  const repo = {
    exists: (p: string) => resolve(ROOT, p).startsWith(ROOT) && existsSync(join(ROOT, p)),
    anchors: (p: string) => anchorsIn(readFileSync(join(ROOT, p), "utf8")),
  };
  const found = files.flatMap((f) => badReferences(relative(ROOT, f), readFileSync(f, "utf8"), repo));
  expect(found).toEqual([]);
});

test("the README is at most 10 KB: what it is, the two commands, the demo sites, where to read next", () => {
  expect(statSync(join(ROOT, "README.md")).size).toBeLessThanOrEqual(10 * 1024);
});
