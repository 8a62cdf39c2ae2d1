import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { describe, expect, test } from "vitest";
import { DEFAULT_FEATURES } from "@/domain/site/features";
import { BUILT_AREAS, resolveSiteRoute, SITE_ROUTES, type RouteContext } from "@/domain/site/routes";
import { detailBasePath } from "@/domain/site/vehicle";
import { SEARCH_VARIANTS } from "@/domain/stock/search";

/*
 * Route knowledge has one source: the routes table in `domain/site/routes.ts`. This test holds the
 * file system to it: every page file is a route the table knows, and every route of a built area
 * has its own page file (so none of them falls through to the "coming soon" catch-all).
 */
const ROOT = join(import.meta.dirname, "[site]");

function pageFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name.startsWith("_") ? [] : pageFiles(full);
    return name === "page.tsx" ? [full] : [];
  });
}

const routes = pageFiles(ROOT)
  .map((f) => "/" + relative(ROOT, f).split(sep).slice(0, -1).join("/"))
  .map((r) => (r === "/" ? "/" : r.replace(/\/$/, "")));

const everythingOn: RouteContext = {
  features: Object.fromEntries(Object.keys(DEFAULT_FEATURES).map((k) => [k, true])) as unknown as RouteContext["features"],
  noun: "Car",
  brandSlugs: ["suzuki"],
  locationSlugs: ["parkside-suzuki"],
  pageSlugs: ["about-us", "privacy-policy", "terms-and-conditions"],
  accounts: true,
};
// the switches that choose between two addresses, turned the other way
const otherWay = { ...everythingOn, features: { ...everythingOn.features, blog_path_news: false, sell_my_car: false } };

describe("route files and the route table agree", () => {
  test.each(routes.filter((r) => !r.includes("[")))("%s is a route of the table", (route) => {
    const decision = [everythingOn, otherWay].map((c) => resolveSiteRoute(route, c)).find((d) => d.kind === "page");
    expect(route === "/" || decision !== undefined, route).toBe(true);
  });

  test("parameter routes are the table's: location pages, search variants and the vehicle bases", () => {
    const withParams = routes.filter((r) => r.includes("[") && !r.includes("[..."));
    expect(withParams.sort()).toEqual(
      [
        "/our-location/[slug]",
        "/contact-us/[slug]",
        "/search/[variant]",
        "/brands/[slug]",
        "/special-offers/[slug]",
        "/models/[slug]",
        "/blog/[slug]",
        "/news/[slug]",
        "/booking/[token]",
        // a checkout ending path exists and is excluded from this rule (always under /cars)
        "/cars/[slug]/checkout",
        ...new Set((["default", "motorcycles", "campers"] as const).map((t) => `${detailBasePath(t)}/[slug]`)),
      ].sort(),
    );
    for (const r of ["/our-location/[slug]", "/contact-us/[slug]"])
      expect(resolveSiteRoute(r.replace("[slug]", "parkside-suzuki"), everythingOn).kind).toBe("page");
    expect(resolveSiteRoute("/brands/suzuki", everythingOn).kind).toBe("page");
    for (const r of ["/special-offers/x", "/models/x", "/news/x", "/booking/x"])
      expect(resolveSiteRoute(r, everythingOn).kind).toBe("page");
    expect(resolveSiteRoute("/blog/x", otherWay).kind).toBe("page");
    for (const v of Object.keys(SEARCH_VARIANTS)) expect(resolveSiteRoute(`/search/${v}`, everythingOn).kind).toBe("page");
  });

  test.each(Object.entries(SITE_ROUTES))("%s has a page file exactly when its area is built", (path, { area }) => {
    const served = routes.includes(path) || (path.startsWith("/search/") && routes.includes("/search/[variant]"));
    expect(served, `${path} (${area})`).toBe(BUILT_AREAS.includes(area));
  });
});
