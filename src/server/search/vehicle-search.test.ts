import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Location, SiteRecord } from "@/domain/site/types";
import { parseSearch, type SearchParams, type SearchVariant } from "@/domain/stock/search";
import { seedDemoData } from "@/server/demo/seed";
import { getSiteByKey, listLocations } from "@/server/repositories/sites";
import { getVehicleBySlug, listSimilarVehicles } from "@/server/repositories/vehicles";
import { createTestDatabase } from "@/server/testing/test-db";
import * as t from "@/server/db/schema";
import { eq, inArray } from "drizzle-orm";
import { SqlVehicleSearch } from "./vehicle-search";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let search: SqlVehicleSearch;
const NOW = Date.UTC(2026, 10, 21, 2, 0, 0);
const sites = new Map<string, { site: SiteRecord; locations: Location[] }>();

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, NOW);
  search = new SqlVehicleSearch(database.db);
  for (const slug of [
    "parkside-motor-group",
    "ridgeline-motorcycles",
    "harbour-city-pre-owned",
    "outback-truck-centre",
    "lakeside-rv",
    "tasman-campers",
  ]) {
    const site = (await getSiteByKey(database.db, { by: "slug", slug }))!;
    sites.set(slug, { site, locations: await listLocations(database.db, site.id) });
  }
});
afterAll(() => database?.close());

async function run(slug: string, variant: SearchVariant, params: SearchParams = {}, override?: Partial<SiteRecord>) {
  const { site, locations } = sites.get(slug)!;
  const s = { ...site, ...override };
  return search.search(s, locations, parseSearch(variant, params, s.defaultSort), NOW);
}

async function allIds(slug: string, variant: SearchVariant, params: SearchParams = {}, override?: Partial<SiteRecord>) {
  const first = await run(slug, variant, params, override);
  const ids = first.vehicles.map((v) => v.id);
  for (let p = 2; p <= first.pages; p++)
    ids.push(...(await run(slug, variant, { ...params, page: String(p) }, override)).vehicles.map((v) => v.id));
  return ids;
}

describe("base filter and routes", () => {
  test.each([
    ["parkside-motor-group", "new-used-and-demo-cars", {}, 413],
    ["parkside-motor-group", "new-and-demo-cars", {}, 301],
    ["parkside-motor-group", "new-and-demo-cars", { car_type: "new" }, 214],
    ["parkside-motor-group", "new-and-demo-cars", { car_type: "demo" }, 87],
    ["parkside-motor-group", "used-cars", {}, 112],
    ["parkside-motor-group", "used-cars", { car_type: "new" }, 112],
    ["harbour-city-pre-owned", "new-used-and-demo-cars", {}, 120],
    ["ridgeline-motorcycles", "new-used-and-demo-cars", {}, 60],
    ["outback-truck-centre", "new-used-and-demo-cars", {}, 90],
    ["lakeside-rv", "new-used-and-demo-cars", {}, 25],
  ] as const)("%s /search/%s %o lists %s", async (slug, variant, params, total) => {
    expect((await run(slug, variant, params)).total).toBe(total);
  });

  test("hidden cars never appear, on any page; every listed car appears once", async () => {
    const ids = await allIds("parkside-motor-group", "new-used-and-demo-cars");
    expect(ids).toHaveLength(413);
    expect(new Set(ids).size).toBe(413);
    const hidden = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001));
    const never = hidden.filter((v) => !v.showOnDealerWebsite || (v.status === "sold" && NOW - v.soldAt!.getTime() > 3 * 86_400_000));
    expect(never).toHaveLength(8);
    expect(ids.filter((id) => never.some((h) => h.id === id))).toEqual([]);
  });

  test("the just-sold cars and the car without a price are listed", async () => {
    const r = await run("parkside-motor-group", "used-cars", { sort: "price-asc" });
    const all = await allIds("parkside-motor-group", "used-cars");
    expect(all).toHaveLength(112);
    const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001));
    const listed = rows.filter((v) => all.includes(v.id));
    expect(listed.filter((v) => v.status === "sold")).toHaveLength(2);
    expect(listed.filter((v) => v.price === null)).toHaveLength(1);
    expect(r.vehicles[0]!.price).not.toBeNull();
  });

  test("include_sold_cars_days is per site", async () => {
    expect((await run("parkside-motor-group", "used-cars", {}, { includeSoldCarsDays: 0 })).total).toBe(110);
    expect((await run("parkside-motor-group", "used-cars", {}, { includeSoldCarsDays: 365 })).total).toBe(117);
  });

  test("ridgeline: new and demo are Yamaha only, used of every make is included", async () => {
    const r = await run("ridgeline-motorcycles", "new-and-demo-cars");
    expect(r.facets.make.map((f) => f.value)).toEqual(["Yamaha"]);
    const used = await run("ridgeline-motorcycles", "used-cars");
    expect(used.facets.make.map((f) => f.value).sort()).toEqual(["Kawasaki", "Yamaha"]);
  });
});

describe("per-dealer filters from site data", () => {
  const parkside = () => sites.get("parkside-motor-group")!.site;
  test("excluded locations", async () => {
    const r = await run("parkside-motor-group", "new-used-and-demo-cars", {}, { searchPresets: { exclude_location_ids: [10011] } });
    const full = await run("parkside-motor-group", "new-used-and-demo-cars");
    const suzukiYard = full.facets.location.find((l) => l.value === "parkside-suzuki")!.count;
    expect(r.total).toBe(413 - suzukiYard);
    expect(r.facets.location.map((l) => l.value)).not.toContain("parkside-suzuki");
  });

  test("new and demo of a make excluded, used of it kept", async () => {
    const r = await run("parkside-motor-group", "new-used-and-demo-cars", {}, { searchPresets: { exclude_new_demo_makes: ["Mazda"] } });
    expect(r.total).toBe(413 - 54 - 22);
    const usedMazda = await run(
      "parkside-motor-group",
      "used-cars",
      { make: "Mazda" },
      { searchPresets: { exclude_new_demo_makes: ["Mazda"] } },
    );
    expect(usedMazda.total).toBeGreaterThan(0);
  });

  test("brand names map to make variants", async () => {
    await database.db.update(t.vehicles).set({ make: "Mercedes Benz" }).where(eq(t.vehicles.stockNumber, "PMG10140"));
    try {
      const r = await run("parkside-motor-group", "new-used-and-demo-cars", { make: "Mercedes-Benz" });
      const plain = await run("parkside-motor-group", "new-used-and-demo-cars", { make: "Mercedes-Benz" }, { searchPresets: {} });
      expect(r.total).toBe(plain.total + 1);
      expect(parkside().searchPresets.make_variants?.["Mercedes-Benz"]).toEqual(["Mercedes Benz"]);
    } finally {
      await database.db.update(t.vehicles).set({ make: "Mercedes-Benz" }).where(eq(t.vehicles.stockNumber, "PMG10140"));
    }
  });
});

describe("facets", () => {
  test("car-type counts on the main route", async () => {
    const r = await run("parkside-motor-group", "new-used-and-demo-cars");
    expect(Object.fromEntries(r.facets.carType.map((f) => [f.value, f.count]))).toEqual({ new: 214, demo: 87, used: 112 });
    expect(r.facets.make.reduce((n, f) => n + f.count, 0)).toBe(413);
  });

  test("a facet's counts reflect the other filters but not its own", async () => {
    const r = await run("parkside-motor-group", "new-used-and-demo-cars", { make: "Mazda" });
    expect(r.total).toBe(r.facets.make.find((f) => f.value === "Mazda")!.count);
    expect(r.facets.make.length).toBeGreaterThan(5); // other makes still offered
    expect(r.facets.body.reduce((n, f) => n + f.count, 0)).toBe(r.total); // bodies within Mazda
    expect(r.facets.model.every((m) => m.make === "Mazda")).toBe(true);
    const withCarType = await run("parkside-motor-group", "new-used-and-demo-cars", { make: "Mazda", car_type: "used" });
    expect(withCarType.facets.carType.reduce((n, f) => n + f.count, 0)).toBe(r.total);
  });

  test("models are offered only within chosen makes", async () => {
    expect((await run("parkside-motor-group", "new-used-and-demo-cars")).facets.model).toEqual([]);
  });

  test("city presets: outback's two towns", async () => {
    const r = await run("outback-truck-centre", "new-used-and-demo-cars");
    expect(r.facets.city.map((c) => c.value)).toEqual(["Dalby", "Toowoomba"]);
    const dalby = await run("outback-truck-centre", "new-used-and-demo-cars", { city: "Dalby" });
    expect(dalby.total).toBe(r.facets.city.find((c) => c.value === "Dalby")!.count);
    expect(dalby.vehicles.every((v) => v.city === "Dalby")).toBe(true);
  });

  test("location filter by slug; an unknown location slug matches nothing", async () => {
    const r = await run("parkside-motor-group", "new-used-and-demo-cars", { location: "parkside-kgm" });
    expect(r.vehicles.every((v) => v.locationId === 10015)).toBe(true);
    expect((await run("parkside-motor-group", "new-used-and-demo-cars", { location: "nowhere" })).total).toBe(0);
  });

  test("ranges: price, year and odometer (miles in the US)", async () => {
    const r = await run("parkside-motor-group", "new-used-and-demo-cars", { price_min: "30000", price_max: "40000" });
    expect(r.vehicles.every((v) => v.price! >= 30000 && v.price! <= 40000)).toBe(true);
    expect(r.total).toBeGreaterThan(0);
    const y = await run("parkside-motor-group", "used-cars", { year_min: "2024" });
    expect(y.vehicles.every((v) => v.year >= 2024)).toBe(true);
    const us = await run("lakeside-rv", "used-cars", { odometer_max: "20000" });
    expect(us.vehicles.every((v) => v.odometer <= 32187)).toBe(true);
  });

  test("text search", async () => {
    const r = await run("parkside-motor-group", "new-used-and-demo-cars", { q: "cx-5" });
    expect(r.total).toBeGreaterThan(0);
    expect(r.vehicles.every((v) => v.model === "CX-5")).toBe(true);
    // LIKE's own characters are text, and punctuation alone is no keyword at all
    expect((await run("parkside-motor-group", "new-used-and-demo-cars", { q: "%_\\" })).total).toBe(
      (await run("parkside-motor-group", "new-used-and-demo-cars")).total,
    );
  });
});

describe("first: the head of the listed stock without counts or facets (home-page rows)", () => {
  test.each(["latest", "relevance", "price-asc"] as const)(
    "%s: the same vehicles, in the same order, as the search's first page",
    async (sort) => {
      const { site } = sites.get("parkside-motor-group")!;
      const head = await search.first(site, sort, 8, NOW);
      const page = await run("parkside-motor-group", "new-used-and-demo-cars", { sort });
      expect(head.map((v) => v.id)).toEqual(page.vehicles.slice(0, 8).map((v) => v.id));
    },
  );
});

test("the dealer's featured cars come first in Most Relevant (within in stock) and on the home page's rows; other sorts ignore it", async () => {
  const { site } = sites.get("parkside-motor-group")!;
  const before = await search.first(site, "relevance", 40, NOW);
  const latestBefore = await search.first(site, "latest", 40, NOW);
  const picks = [before[30]!, before[35]!].filter((v) => v.status === "in_stock");
  await database.db
    .update(t.vehicles)
    .set({ featured: true })
    .where(
      inArray(
        t.vehicles.id,
        picks.map((v) => v.id),
      ),
    );
  try {
    const after = await search.first(site, "relevance", 40, NOW);
    expect(
      after
        .slice(0, picks.length)
        .map((v) => v.id)
        .sort(),
    ).toEqual(picks.map((v) => v.id).sort());
    expect(after.slice(0, picks.length).every((v) => v.featured)).toBe(true);
    expect((await search.first(site, "latest", 40, NOW)).map((v) => v.id)).toEqual(latestBefore.map((v) => v.id));
  } finally {
    await database.db
      .update(t.vehicles)
      .set({ featured: false })
      .where(
        inArray(
          t.vehicles.id,
          picks.map((v) => v.id),
        ),
      );
  }
  expect(picks.length).toBeGreaterThan(0);
});

describe("range buckets: how many vehicles fall in each preset range", () => {
  test.each([
    ["parkside-motor-group", "price"],
    ["parkside-motor-group", "year"],
    ["parkside-motor-group", "odometer"],
    ["lakeside-rv", "odometer"],
  ] as const)("%s %s: each bucket's count is what choosing it finds; together they cover the stock", async (slug, dimension) => {
    const r = await run(slug, "new-used-and-demo-cars", { car_type: "used" });
    const sum = r.buckets[dimension].reduce((n, b) => n + b.count, 0);
    const unpriced =
      dimension === "price" ? r.total - (await run(slug, "new-used-and-demo-cars", { car_type: "used", price_min: "0" })).total : 0;
    expect(sum + unpriced).toBe(r.total);
    for (const b of r.buckets[dimension]) {
      const params: SearchParams = { car_type: "used" };
      if (b.min !== undefined) params[`${dimension}_min`] = String(b.min);
      if (b.max !== undefined) params[`${dimension}_max`] = String(b.max);
      expect((await run(slug, "new-used-and-demo-cars", params)).total, JSON.stringify(b)).toBe(b.count);
    }
  });
});

describe("keywords that understand: the search finds exactly what the words name", () => {
  const all = "new-used-and-demo-cars" as const;
  /** the site's listed cars, from the database, that pass `keep` (the expectation is a plain reading of the rows) */
  async function listed(slug: string, keep: (v: typeof t.vehicles.$inferSelect) => boolean) {
    const ids = new Set(await allIds(slug, all));
    const { site } = sites.get(slug)!;
    const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, site.id));
    return rows
      .filter((v) => ids.has(v.id) && keep(v))
      .map((v) => v.id)
      .sort();
  }
  const body = (v: { bodyType: string | null }, ...types: string[]) => types.includes((v.bodyType ?? "").toLowerCase());
  const family = (v: typeof t.vehicles.$inferSelect) =>
    (v.seats ?? 0) >= 5 && body(v, "suv", "wagon", "people mover", "peoplemover", "mpv");

  test.each<[string, string, (v: typeof t.vehicles.$inferSelect) => boolean]>([
    ["parkside-motor-group", "red suv", (v) => /\bred\b/i.test(v.colour ?? "") && body(v, "suv")],
    ["parkside-motor-group", "hybrid", (v) => /hybrid/i.test(v.fuel ?? "")],
    ["parkside-motor-group", "7 seater", (v) => (v.seats ?? 0) >= 7],
    ["parkside-motor-group", "suv under 40000", (v) => body(v, "suv") && v.price !== null && v.price <= 40_000],
    [
      "parkside-motor-group",
      "used auto 2020 or newer",
      (v) => v.carType === "used" && /^auto/i.test(v.transmission ?? "") && (v.year ?? 0) >= 2020,
    ],
    ["parkside-motor-group", "white mazda", (v) => /\bwhite\b/i.test(v.colour ?? "") && v.make === "Mazda"],
    [
      "outback-truck-centre",
      "4x4 under 100,000 km",
      (v) => ["4WD", "4X4"].includes((v.drive ?? "").toUpperCase()) && v.odometer !== null && v.odometer <= 100_000,
    ],
    [
      "parkside-motor-group",
      "diesel ute",
      (v) => /^diesel/i.test(v.fuel ?? "") && body(v, "ute", "utility", "tray", "cab chassis", "pickup"),
    ],
    // each trade's words (the rules: src/domain/stock/understand.ts)
    ["tasman-campers", "4 berth", (v) => (v.berths ?? 0) >= 4],
    ["tasman-campers", "sleeps 2 campervan", (v) => (v.berths ?? 0) >= 2 && body(v, "campervan")],
    ["lakeside-rv", "sleeps 8", (v) => (v.berths ?? 0) >= 8],
    ["outback-truck-centre", "tipper", (v) => body(v, "tipper")],
    ["outback-truck-centre", "tray", (v) => body(v, "tray", "tray top", "tray back", "table top")],
    ["outback-truck-centre", "cab-chassis", (v) => body(v, "cab chassis")],
    ["outback-truck-centre", "4.5t GVM", (v) => v.atmKg !== null && v.atmKg <= 4500],
    ["outback-truck-centre", "gvm over 10t", (v) => (v.atmKg ?? 0) >= 10_000],
    ["ridgeline-motorcycles", "learner approved", (v) => /\blams\b/i.test(`${v.model} ${v.badge ?? ""}`)],
    ["ridgeline-motorcycles", "LAMS", (v) => /\blams\b/i.test(`${v.model} ${v.badge ?? ""}`)],
    ["parkside-motor-group", "low kms suv", (v) => body(v, "suv") && v.odometer <= 30_000],
    ["harbour-city-pre-owned", "family", (v) => family(v)],
  ])("%s %j", async (slug, q, keep) => {
    const expected = await listed(slug, keep);
    expect(expected.length, "the demo has some").toBeGreaterThan(0);
    expect((await allIds(slug, all, { q })).sort()).toEqual(expected);
  });

  test.each(["parkside-motor-group", "harbour-city-pre-owned"])(
    '%s "cheap family car": the cheapest third by price of the family cars',
    async (slug) => {
      const families = await listed(slug, family);
      const { site } = sites.get(slug)!;
      const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, site.id));
      const prices = rows
        .filter((v) => families.includes(v.id) && v.price !== null)
        .map((v) => v.price!)
        .sort((a, b) => a - b);
      // the price a third of the way along them (PostgreSQL's percentile_cont)
      const at = (prices.length - 1) / 3;
      const ceiling = prices[Math.floor(at)]! + (prices[Math.ceil(at)]! - prices[Math.floor(at)]!) * (at - Math.floor(at));
      const expected = rows
        .filter((v) => families.includes(v.id) && v.price !== null && v.price <= ceiling)
        .map((v) => v.id)
        .sort();
      expect(expected.length, "the demo has some").toBeGreaterThan(0);
      expect(expected.length, "and not all of them").toBeLessThan(families.length);
      const r = await run(slug, all, { q: "cheap family car" });
      expect(r.understood?.terms.map((x) => x.label)).toEqual(["Cheapest third by price", "Family: 5+ seats, SUV, wagon or people mover"]);
      expect((await allIds(slug, all, { q: "cheap family car" })).sort()).toEqual(expected);
    },
  );

  test("the result says what was understood; the counts of a saved search read the words alike", async () => {
    const r = await run("parkside-motor-group", all, { q: "red suv" });
    expect(r.understood).toEqual({
      rest: "",
      withoutRest: "red suv",
      terms: [
        { label: "Red", without: "suv" },
        { label: "SUV", without: "red" },
      ],
    });
    expect(r.keywords).toBeUndefined();
    const { site, locations } = sites.get("parkside-motor-group")!;
    const counts = await search.counts(site, locations, parseSearch(all, { q: "red suv" }, "relevance"), new Date(NOW - 86_400_000), NOW);
    expect(counts.total).toBe(r.total);
  });

  test("a car type a route does not cover stays a word: used on the new and demo cars finds nothing", async () => {
    const r = await run("parkside-motor-group", "new-and-demo-cars", { q: "used" });
    expect(r.understood).toBeUndefined();
    expect(r.total).toBe(0);
  });
});

describe("near me: nearest first, within a distance", () => {
  const all = "new-used-and-demo-cars" as const;
  const locationOf = async (slug: string, ids: number[]) => {
    const rows = await database.db.select({ id: t.vehicles.id, loc: t.vehicles.locationId }).from(t.vehicles);
    const byId = new Map(rows.map((r) => [r.id, r.loc]));
    return ids.map((id) => byId.get(id));
  };

  test("postcode 4405 (Dalby) on outback: every Dalby truck before any Toowoomba one, on every page", async () => {
    const { locations } = sites.get("outback-truck-centre")!;
    const dalby = locations.find((l) => /dalby/i.test(l.name))!.id;
    const ids = await allIds("outback-truck-centre", all, { postcode: "4405" });
    expect(ids).toHaveLength(90);
    const locs = await locationOf("outback-truck-centre", ids);
    const lastDalby = locs.lastIndexOf(dalby);
    expect(lastDalby).toBeGreaterThan(0);
    expect(locs.slice(0, lastDalby + 1).every((l) => l === dalby)).toBe(true);
    expect(locs.slice(lastDalby + 1).every((l) => l !== dalby)).toBe(true);
  });

  test("within 25 km of Dalby: Dalby's trucks only, and the counts say so", async () => {
    const { locations } = sites.get("outback-truck-centre")!;
    const dalby = locations.find((l) => /dalby/i.test(l.name))!.id;
    const near = await run("outback-truck-centre", all, { postcode: "4405", within: "25" });
    const ids = await allIds("outback-truck-centre", all, { postcode: "4405", within: "25" });
    expect(ids.length).toBe(near.total);
    expect(new Set(await locationOf("outback-truck-centre", ids))).toEqual(new Set([dalby]));
    expect(near.facets.location.map((f) => f.value)).toEqual([locations.find((l) => l.id === dalby)!.slug]);
    // 250 km takes in Toowoomba too
    expect((await run("outback-truck-centre", all, { postcode: "4405", within: "250" })).total).toBe(90);
  });

  test("a postcode the table does not know, or one on a site outside Australia, changes nothing", async () => {
    const plain = await allIds("outback-truck-centre", all);
    expect(await allIds("outback-truck-centre", all, { postcode: "0001", within: "25" })).toEqual(plain);
    const lakeside = await allIds("lakeside-rv", all);
    expect(await allIds("lakeside-rv", all, { postcode: "4405", within: "25" })).toEqual(lakeside);
  });

  test("a browser's position on a US site: within 25 miles of the location", async () => {
    const { locations } = sites.get("lakeside-rv")!;
    const at = locations[0]!.address;
    const r = await run("lakeside-rv", all, { near: `${at.lat.toFixed(2)},${at.long.toFixed(2)}`, within: "25" });
    expect(r.total).toBe((await run("lakeside-rv", all)).total); // one location: all of it is near
    expect((await run("lakeside-rv", all, { near: "-33.87,151.21", within: "250" })).total).toBe(0); // from Sydney: none
  });
});

describe("keywords as a shopper types them", () => {
  const all = "new-used-and-demo-cars" as const;
  /** every vehicle of a filter search, as ids (the expectation is the site's own data through the filters) */
  const filtered = (slug: string, params: SearchParams) => allIds(slug, all, params);

  test.each([
    ["parkside-motor-group", "cx5", { make: "Mazda", model: "CX-5" }],
    ["parkside-motor-group", "CX 5", { make: "Mazda", model: "CX-5" }],
    ["parkside-motor-group", "mazda cx5", { make: "Mazda", model: "CX-5" }],
    ["parkside-motor-group", "cx-5 Mazda", { make: "Mazda", model: "CX-5" }],
    ["parkside-motor-group", "merc", { make: "Mercedes-Benz" }],
    ["harbour-city-pre-owned", "landcruiser", { make: "Toyota", model: "LandCruiser" }],
    ["harbour-city-pre-owned", "land cruiser", { make: "Toyota", model: "LandCruiser" }],
    ["harbour-city-pre-owned", "Toyota  LANDCRUISER", { make: "Toyota", model: "LandCruiser" }],
  ])("%s: %j finds exactly %j", async (slug, q, filters) => {
    const found = await run(slug, all, { q });
    expect(found.keywords?.match).toBe("exact");
    expect((await allIds(slug, all, { q })).sort()).toEqual((await filtered(slug, filters)).sort());
    expect(found.total).toBeGreaterThan(0);
  });

  test("a stock number finds its vehicle", async () => {
    const r = await run("parkside-motor-group", all, { q: "pmg10099" });
    expect(r.vehicles.map((v) => v.stockNumber)).toEqual(["PMG10099"]);
  });

  test("a stock number with punctuation is found as typed or without it (dealer-management systems write PK-1234)", async () => {
    await database.db.update(t.vehicles).set({ stockNumber: "PMG-10099/B" }).where(eq(t.vehicles.stockNumber, "PMG10099"));
    try {
      for (const q of ["PMG-10099/B", "pmg10099b", "10099"]) {
        const r = await run("parkside-motor-group", all, { q });
        expect(
          r.vehicles.map((v) => v.stockNumber),
          q,
        ).toEqual(["PMG-10099/B"]);
      }
    } finally {
      await database.db.update(t.vehicles).set({ stockNumber: "PMG10099" }).where(eq(t.vehicles.stockNumber, "PMG-10099/B"));
    }
  });

  test("a typo finds what was meant, and says it took a close spelling", async () => {
    const r = await run("parkside-motor-group", all, { q: "mazada" });
    expect(r.keywords).toMatchObject({ match: "similar", corrected: "mazda" });
    expect((await allIds("parkside-motor-group", all, { q: "mazada" })).sort()).toEqual(
      (await filtered("parkside-motor-group", { make: "Mazda" })).sort(),
    );
    const cx = await run("parkside-motor-group", all, { q: "mazada cx5" });
    expect(cx.vehicles.every((v) => v.model === "CX-5")).toBe(true);
    expect(cx.total).toBeGreaterThan(0);
  });

  test("no match at all: nothing listed, and suggestions from the site's stock", async () => {
    const r = await run("parkside-motor-group", all, { q: "zzqx" });
    expect(r.total).toBe(0);
    expect(r.keywords?.match).toBe("none");
    expect(r.keywords?.suggestions.length).toBeGreaterThan(0);
    const near = await run("ridgeline-motorcycles", all, { q: "kawasakki ninja zz9" });
    expect(near.keywords?.match === "similar" || near.keywords?.suggestions.length).toBeTruthy();
  });

  test("keywords and filters combine; the facets count within the keywords", async () => {
    const r = await run("parkside-motor-group", all, { q: "cx5", car_type: "used" });
    expect(r.vehicles.every((v) => v.model === "CX-5" && v.carType === "used")).toBe(true);
    expect(r.facets.make.map((m) => m.value)).toEqual(["Mazda"]);
  });
});

describe("sort and pages", () => {
  const nonDecreasing = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);
  test("Lowest Price puts 'Enquire for price.' last; Highest Price descends", async () => {
    const ids = await allIds("parkside-motor-group", "used-cars", { sort: "price-asc" });
    const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001));
    const prices = ids.map((id) => rows.find((r) => r.id === id)!.price);
    expect(prices.at(-1)).toBeNull();
    expect(nonDecreasing(prices.slice(0, -1) as number[])).toBe(true);
    const desc = (await run("parkside-motor-group", "used-cars", { sort: "price-desc" })).vehicles.map((v) => v.price!);
    expect(nonDecreasing([...desc].reverse())).toBe(true);
  });

  test.each([
    ["odometer-asc", (a: number, b: number) => a <= b],
    ["odometer-desc", (a: number, b: number) => a >= b],
  ] as const)("%s", async (sort, ok) => {
    const odo = (await run("parkside-motor-group", "used-cars", { sort })).vehicles.map((v) => v.odometer);
    expect(odo.every((x, i) => i === 0 || ok(odo[i - 1]!, x))).toBe(true);
  });

  test("Latest: newest listing first; site default sorts (outback Lowest Price, harbour Latest)", async () => {
    const latest = (await run("harbour-city-pre-owned", "used-cars")).vehicles.map((v) => v.listedAt.getTime());
    expect(latest.every((x, i) => i === 0 || latest[i - 1]! >= x)).toBe(true);
    const cheap = (await run("outback-truck-centre", "new-used-and-demo-cars")).vehicles.map((v) => v.price ?? Infinity);
    expect(nonDecreasing(cheap)).toBe(true);
  });

  test("Most Relevant: in stock first, just sold last", async () => {
    const ids = await allIds("parkside-motor-group", "used-cars");
    const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001));
    const statuses = ids.map((id) => rows.find((r) => r.id === id)!.status);
    expect(statuses.slice(-2)).toEqual(["sold", "sold"]);
    expect(statuses[0]).toBe("in_stock");
  });

  test("pages of 36; an out-of-range page shows the last page", async () => {
    const p1 = await run("parkside-motor-group", "new-used-and-demo-cars");
    expect(p1).toMatchObject({ pageSize: 36, pages: 12, page: 1 });
    expect(p1.vehicles).toHaveLength(36);
    const last = await run("parkside-motor-group", "new-used-and-demo-cars", { page: "999" });
    expect(last.page).toBe(12);
    expect(last.vehicles).toHaveLength(413 - 11 * 36);
  });
});

describe("vehicle pages and tenant isolation", () => {
  test("a vehicle of one site is not found on another", async () => {
    const r = await run("parkside-motor-group", "new-used-and-demo-cars");
    const slug = r.vehicles[0]!.slug;
    const parkside = sites.get("parkside-motor-group")!.site;
    const ridgeline = sites.get("ridgeline-motorcycles")!.site;
    expect((await getVehicleBySlug(database.db, parkside, slug, NOW))?.listed).toBe(true);
    expect(await getVehicleBySlug(database.db, ridgeline, slug, NOW)).toBeNull();
    const ridgeIds = await allIds("ridgeline-motorcycles", "new-used-and-demo-cars");
    expect(ridgeIds).not.toContain(r.vehicles[0]!.id);
  });

  test("a car sold long ago is found but not listed; a hidden one is marked hidden", async () => {
    const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001));
    const parkside = sites.get("parkside-motor-group")!.site;
    const old = rows.find((v) => v.status === "sold" && NOW - v.soldAt!.getTime() > 3 * 86_400_000)!;
    expect(await getVehicleBySlug(database.db, parkside, old.slug, NOW)).toMatchObject({ listed: false, hidden: false });
    const hidden = rows.find((v) => !v.showOnDealerWebsite)!;
    expect(await getVehicleBySlug(database.db, parkside, hidden.slug, NOW)).toMatchObject({ listed: false, hidden: true });
  });

  test("similar vehicles are listed, of the same site, not the car itself", async () => {
    const parkside = sites.get("parkside-motor-group")!.site;
    const car = (await run("parkside-motor-group", "new-and-demo-cars")).vehicles[0]!;
    const similar = await listSimilarVehicles(database.db, parkside, car, 4, NOW);
    expect(similar).toHaveLength(4);
    expect(similar.map((s) => s.id)).not.toContain(car.id);
    expect(similar.every((s) => s.bodyType === car.bodyType || s.make === car.make)).toBe(true);
  });
});
