import { describe, expect, test } from "vitest";
import { ADMIN_AREA_HEADER, NOT_A_PAGE_PREFIXES, pageDestination, SITE_KEY_HEADER } from "@/domain/site/tenant";
import { config } from "./proxy";

/*
 * Next reads the proxy's matcher without running the module, so it is written out by hand: these
 * tests tie it to the one list of paths that are not pages (NOT_A_PAGE_PREFIXES, which the edge's
 * `pageDestination` uses) and to the headers the edge names a request's routes by.
 */
const [matcher] = config.matcher;
/** The matcher's source as a whole-path pattern (Next's path-to-regexp reads `(…)` as a group of its own). */
const matches = (path: string) => new RegExp(`^${matcher!.source}$`).test(path);

describe("the proxy's matcher", () => {
  test("names exactly the paths that are not pages, in the list's order", () => {
    expect(matcher!.source).toBe(`/((?!${NOT_A_PAGE_PREFIXES.join("|")}).*)`);
  });

  test("skips a request the edge has already named", () => {
    expect(matcher!.missing.map((m) => m.key).sort()).toEqual([ADMIN_AREA_HEADER, SITE_KEY_HEADER].sort());
  });

  test.each([
    "/",
    "/vehicles",
    "/vehicles/2024-mazda-cx-5-pmg1",
    "/sites/other/vehicles",
    "/apiary",
    "/icons",
    "/images",
    "/api/leads",
    "/api/v1/sites",
    "/websites/x",
    "/mock/feed",
    "/_next/static/chunks/a.js",
    "/photos/1.jpg",
    "/images/abc/640.webp",
    "/bench/x",
    "/widgets/chat.js",
    "/favicon.ico",
    "/icon.svg",
    "/icons.svg",
  ])("%s: the proxy runs where pageDestination names a page", (path) => {
    expect(matches(path)).toBe(pageDestination("a.localhost", path, "admin.localhost", "demo-motors") !== null);
  });
});
