import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { isPersonalPage, pageParams } from "@/domain/http/page-cache";
import { SEARCH_PARAMS } from "@/domain/stock/search";

/*
 * The page cache keys a page by the query parameters listed for it (PAGE_PARAMS) and drops the
 * rest. This reads every site page's source, with the _routes helpers it imports, and checks that
 * each parameter it reads is listed for its path: a page that starts reading one and is not listed
 * would otherwise be served another query's copy.
 */
const SITE = path.join(process.cwd(), "src/app/sites/[site]");
const pages = (readdirSync(SITE, { recursive: true }) as string[]).filter((f) => f.endsWith("page.tsx")).sort();

/** The page's public path, a sample value for each dynamic segment. */
const publicPath = (file: string) =>
  "/" +
  path
    .dirname(file)
    .split(path.sep)
    .filter((s) => s && s !== ".")
    .map((s) => (s.startsWith("[...") ? "x/y" : s.startsWith("[") ? "x" : s))
    .join("/");

/** Every top-level declaration of the _routes modules (functions and consts), by name. */
const DECLARATIONS = new Map<string, string>();
for (const f of readdirSync(path.join(SITE, "_routes")).filter((f) => /\.tsx?$/.test(f) && !f.includes(".test.")))
  for (const chunk of readFileSync(path.join(SITE, "_routes", f), "utf8").split(/\n(?=(?:export )?(?:async )?(?:function|const) )/)) {
    const name = /^(?:export )?(?:async )?(?:function|const) (\w+)/.exec(chunk)?.[1];
    if (name) DECLARATIONS.set(name, chunk);
  }

/**
 * The page's source and the _routes declarations it reaches: the loaders it imports by name, and
 * every declaration those name in turn (so a loader shared by many pages counts only the parts a
 * page's own loader uses).
 */
function sources(own: string): string {
  const seen = new Set<string>();
  const visit = (text: string) => {
    for (const [, word] of text.matchAll(/\b(\w+)\b/g))
      if (!seen.has(word!) && DECLARATIONS.has(word!)) {
        seen.add(word!);
        visit(DECLARATIONS.get(word!)!);
      }
  };
  visit(own);
  return [own, ...[...seen].map((n) => DECLARATIONS.get(n)!)].join("\n");
}

/** The query parameters a source reads: `oneParam(x.name)`, and parseSearch's. */
function readsOf(src: string): string[] {
  const names = [...src.matchAll(/oneParam\(\s*(?:\(await searchParams\)|\w+)\.(\w+)\s*\)/g)].map((m) => m[1]!);
  return [...new Set([...names, ...(/\bparseSearch\(/.test(src) ? SEARCH_PARAMS : [])])];
}

test("there are site pages to check", () => expect(pages.length).toBeGreaterThan(30));

test.each(pages)("%s: every query parameter it reads is part of its cache key", (file) => {
  const where = publicPath(file);
  const own = readFileSync(path.join(SITE, file), "utf8");
  // a page that never takes searchParams reads no parameter, whatever else its helpers' modules hold
  if (isPersonalPage(where) || !/searchParams/.test(own)) return;
  const src = sources(own);
  const reads = readsOf(src);
  expect(reads.length, `${file} takes searchParams but no read was recognised: list what it reads in PAGE_PARAMS`).toBeGreaterThan(0);
  expect(reads.filter((p) => !pageParams(where).includes(p))).toEqual([]);
});
