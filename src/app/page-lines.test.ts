import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, test } from "vitest";

/*
 * A page file is a route: it reads its params, calls its loader and renders a view (the tenant's
 * loaders are in sites/[site]/_routes, the back-office's in admin/_routes, README there). Past 150
 * lines it is doing the loader's or the view's job, and a reader looking for the page's data or
 * markup has to read it all. Every page, the tenant's and the back-office's, takes its data from
 * its loader only: nothing under src/server is imported by a page file, by alias or by a relative path.
 */
const APP = import.meta.dirname;
const MAX_LINES = 150;
const pages = (readdirSync(APP, { recursive: true }) as string[])
  .map((f) => f.split("\\").join("/"))
  .filter((f) => f.endsWith("/page.tsx") || f === "page.tsx")
  .sort();
const adminPages = pages.filter((f) => f.startsWith("admin/"));
// the tenant's and the back-office's pages (the bench's baseline page is a yardstick with no data)
const routePages = pages.filter((f) => f.startsWith("sites/") || f.startsWith("admin/"));
const SERVER = resolve(APP, "../server");

/** The modules of src/server a file in src/app imports (`import … from`, `import "…"`, `import("…")`, `export … from`). */
function serverImports(file: string, text: string): string[] {
  const specifiers = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)["']([^"']+)["']/g)].map((m) => m[1]!);
  return specifiers.filter((s) => {
    const path = s.startsWith("@/") ? resolve(APP, "..", s.slice(2)) : s.startsWith(".") ? resolve(dirname(join(APP, file)), s) : null;
    return path !== null && (path === SERVER || !relative(SERVER, path).startsWith(".."));
  });
}

describe("page files stay short", () => {
  test("there are tenant and back-office pages", () => {
    expect(pages.filter((f) => f.startsWith("sites/")).length).toBeGreaterThan(10);
    expect(adminPages.length).toBeGreaterThan(15);
  });

  test.each(pages)(`%s has at most ${MAX_LINES} lines`, (file) => {
    const lines = readFileSync(join(APP, file), "utf8").split("\n").length;
    expect(lines).toBeLessThanOrEqual(MAX_LINES);
  });
});

describe("a page loads through its loader", () => {
  test.each([
    ['import { getDb } from "@/server/db";', ["@/server/db"]],
    ['import type { SiteContext } from "@/server/site/context";', ["@/server/site/context"]],
    ['import { requestNow } from "../../../../server/base/clock";', ["../../../../server/base/clock"]],
    ['import { requestNow } from "../../../server/base/clock";', []], // src/app/server: no such folder, and not the server
    ['import "../../../../server/base/env";', ["../../../../server/base/env"]],
    ['const m = await import("@/server");', ["@/server"]],
    ['import { loadHome } from "./_routes/home";', []],
    ['import { x } from "@/domain/server-name";', []],
    ['import { y } from "../../../serverless/thing";', []],
  ])("a storefront page's %s is seen: %j", (line, found) => {
    expect(serverImports("sites/[site]/a/page.tsx", line)).toEqual(found);
  });

  test.each(routePages)("%s imports nothing from src/server", (file) => {
    expect(serverImports(file, readFileSync(join(APP, file), "utf8"))).toEqual([]);
  });
});
