import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

/*
 * A page file is a route: it reads its params, calls its loader and renders a view (the tenant's
 * loaders are in sites/[site]/_routes, the back-office's in admin/_routes, README there). Past 150
 * lines it is doing the loader's or the view's job, and a reader looking for the page's data or
 * markup has to read it all. The back-office's pages take their data from their loader only.
 */
const APP = import.meta.dirname;
const MAX_LINES = 150;
const pages = (readdirSync(APP, { recursive: true }) as string[])
  .map((f) => f.split("\\").join("/"))
  .filter((f) => f.endsWith("/page.tsx") || f === "page.tsx")
  .sort();
const adminPages = pages.filter((f) => f.startsWith("admin/"));

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

describe("a back-office page loads through its loader", () => {
  test.each(adminPages)("%s imports nothing from src/server", (file) => {
    const text = readFileSync(join(APP, file), "utf8");
    expect(text.match(/from "@\/server\/[^"]+"/g) ?? []).toEqual([]);
  });
});
