import { describe, expect, test } from "vitest";
import { DEFAULT_FEATURES } from "../site/features";
import type { RouteContext } from "../site/routes";
import { siteSitemap } from "./sitemap";

const at = new Date("2026-11-01T00:00:00Z");
const later = new Date("2026-11-05T00:00:00Z");
const routes: RouteContext = {
  features: { ...DEFAULT_FEATURES, blog: true, special_offers: true, fleet: true },
  noun: "Car",
  brandSlugs: ["mazda"],
  locationSlugs: ["parkside-mazda"],
  pageSlugs: ["about-us", "privacy-policy"],
  accounts: false,
};

describe("siteSitemap", () => {
  const urls = siteSitemap({
    routes,
    rules: routes.features,
    pages: [
      { slug: "about-us", publishedAt: at, updatedAt: later },
      { slug: "privacy-policy", publishedAt: at, updatedAt: at },
    ],
    posts: [{ slug: "a-post", publishedAt: at, updatedAt: at }],
    offers: [{ slug: "an-offer", publishedAt: at, updatedAt: at }],
    models: [{ slug: "mazda-cx-5" }],
    vehicles: [{ path: "/cars/a-car", listedAt: at }],
  });
  const paths = urls.map((u) => u.path);

  test("lists home, the pages the site offers, locations, brands, models, content, posts, offers and cars, once each", () => {
    for (const p of [
      "/",
      "/search/new-used-and-demo-cars",
      "/fleet",
      "/special-offers",
      "/blog",
      "/our-location/parkside-mazda",
      "/brands/mazda",
    ])
      expect(paths, p).toContain(p);
    for (const p of ["/models/mazda-cx-5", "/about-us", "/privacy-policy", "/blog/a-post", "/special-offers/an-offer", "/cars/a-car"])
      expect(paths, p).toContain(p);
    expect(new Set(paths).size).toBe(paths.length);
  });

  test.each([["/favourites"], ["/success"], ["/my-garage"], ["/pages/book-a-service"], ["/careers"], ["/news"], ["/terms-and-conditions"]])(
    "leaves out %s (a shopper's page, a duplicate, or one the site does not have)",
    (p) => expect(paths).not.toContain(p),
  );

  test("content carries its last change; a car its listing date", () => {
    expect(urls.find((u) => u.path === "/about-us")?.lastmod).toEqual(later);
    expect(urls.find((u) => u.path === "/cars/a-car")?.lastmod).toEqual(at);
  });
});
