import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { expect, test } from "vitest";
import { ADMIN_PAGES } from "@/domain/staff/pages";

/*
 * Which role opens a back-office page, and what a refused one is told, has one source: ADMIN_PAGES
 * in `domain/staff/pages.ts`. Every page of a site's back-office (and the group reports) is in it.
 */
const ROOT = import.meta.dirname;

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name.startsWith("_") ? [] : pageFiles(full);
    return name === "page.tsx" ? [full] : [];
  });
}

const guarded = pageFiles(ROOT)
  .map((f) => relative(ROOT, f).split(sep).slice(0, -1).join("/"))
  .filter((p) => p.startsWith("sites/") || p === "reports")
  .sort();

test("every site page of the back-office, and the group reports, says which role opens it", () => {
  expect(guarded.length).toBeGreaterThan(5);
  expect(Object.keys(ADMIN_PAGES).sort()).toEqual(guarded);
});
