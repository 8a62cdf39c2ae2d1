import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { SiteRecord } from "@/domain/site/types";
import { slugify } from "@/domain/format/slug";
import * as t from "@/server/db/schema";
import { EXPECTED_VISIBLE } from "@/server/demo/sites";
import { reanchorDemoClock, seedDemoData } from "@/server/demo/seed";
import { createTestDatabase } from "@/server/testing/test-db";
import { BadRowError } from "./row";
import { getSiteByKey, listDealerships, listLocations, listSites, toLocation, toSite } from "./sites";
import { getStockSummary } from "./stock";
import { getVehicleBySlug, listVisibleVehiclesByIds, toVehicle } from "./vehicles";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
const NOW = Date.UTC(2026, 10, 21, 2, 0, 0);

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDemoData(database.db, NOW);
});
afterAll(() => database?.close());

const site = async (slug: string): Promise<SiteRecord> => (await getSiteByKey(database.db, { by: "slug", slug }))!;

describe("demo seed (docs/demo-data.md)", () => {
  test("seeds exactly the seven demo tenants", async () => {
    const sites = await listSites(database.db);
    expect(sites.map((s) => [s.id, s.slug])).toEqual([
      [1001, "parkside-motor-group"],
      [1002, "ridgeline-motorcycles"],
      [1003, "tasman-campers"],
      [1004, "outback-truck-centre"],
      [1005, "harbour-city-pre-owned"],
      [1006, "lakeside-rv"],
      [1007, "demo-motors"],
    ]);
  });

  test.each(Object.entries(EXPECTED_VISIBLE))("%s lists exactly %o", async (slug, expected) => {
    const summary = await getStockSummary(database.db, await site(slug), NOW);
    expect(summary.count).toBe(expected.total);
    expect(summary.car_types).toEqual({ new: expected.new, demo: expected.demo, used: expected.used });
  });

  test("parkside: 2 just-sold used cars, 3 coming soon, 1 without price, 8 hidden", async () => {
    const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001));
    const day = 86_400_000;
    const justSold = rows.filter((v) => v.status === "sold" && v.soldAt && NOW - v.soldAt.getTime() <= 3 * day);
    expect(justSold).toHaveLength(2);
    expect(justSold.every((v) => v.carType === "used")).toBe(true);
    expect(rows.filter((v) => v.status === "sold" && v.soldAt && NOW - v.soldAt.getTime() > 3 * day)).toHaveLength(5);
    expect(rows.filter((v) => !v.showOnDealerWebsite)).toHaveLength(3);
    expect(rows.filter((v) => v.status === "coming_soon")).toHaveLength(3);
    expect(rows.filter((v) => v.price === null)).toHaveLength(1);
    expect(rows.filter((v) => NOW - v.listedAt.getTime() < 7 * day).length).toBeGreaterThan(0);
    expect(rows).toHaveLength(413 + 8);
  });

  test("harbour-city: 120 listed with ≥3 photos, 15 more that never are", async () => {
    const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1005));
    expect(rows.filter((v) => v.photosCount >= 3)).toHaveLength(120);
    expect(rows.filter((v) => v.photosCount < 3)).toHaveLength(15);
  });

  test("outback sells trucks and commercial vehicles only; towed caravans carry no engine, odometer, seats or doors", async () => {
    const outback = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1004));
    expect(outback.filter((v) => !/utility|van|bus|cab chassis|tipper|prime mover|tray|pantech/.test(v.bodyType ?? ""))).toEqual([]);
    const towed = (await database.db.select().from(t.vehicles)).filter((v) => v.drive === "Towed");
    expect(towed.length).toBeGreaterThan(0);
    for (const v of towed) expect([v.fuel, v.transmission, v.seats, v.doors, v.odometer]).toEqual([null, null, null, null, 0]);
    const all = await database.db.select().from(t.vehicles);
    expect(all.filter((v) => v.fuel === "None" || v.transmission === "None" || v.seats === 0)).toEqual([]);
  });

  test("harbour-city: an in-stock car kept out of the search by the photos preset is still offered on its own page", async () => {
    const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1005));
    const few = rows.find((v) => v.photosCount < 3 && v.status === "in_stock" && v.showOnDealerWebsite)!;
    expect(few).toBeDefined();
    const found = await getVehicleBySlug(database.db, await site("harbour-city-pre-owned"), few.slug, NOW);
    expect(found).toMatchObject({ listed: true, hidden: false });
  });

  test("photos are local rasters from the image service, per body type, colour and model", async () => {
    const rows = await database.db.select().from(t.vehicles);
    expect(rows.every((v) => v.thumbnails.every((u) => u.startsWith("/images/demo/") && u.endsWith(".jpg")))).toBe(true);
    expect(rows.every((v) => v.primaryImageUrl === "/images/placeholder.jpg" || v.primaryImageUrl!.startsWith("/images/demo/"))).toBe(true);
    const v = rows.find((r) => r.photosCount > 0)!;
    expect(v.thumbnails[0]).toMatch(
      new RegExp(`^/images/demo/${slugify(v.bodyType!)}/${v.colour!.toLowerCase()}/${slugify(`${v.make} ${v.model}`)}/1\\.jpg$`),
    );
  });

  test("the seed is deterministic", async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoData(other.db, NOW);
      const pick = (db: typeof database.db) =>
        db.select({ slug: t.vehicles.slug, price: t.vehicles.price, vin: t.vehicles.vin }).from(t.vehicles).orderBy(t.vehicles.slug);
      expect(await pick(other.db)).toEqual(await pick(database.db));
    } finally {
      await other.close();
    }
  });

  test("parkside has six locations: five sales, one service; ridgeline has one", async () => {
    const parkside = await listLocations(database.db, 1001);
    expect(parkside).toHaveLength(6);
    expect(parkside.filter((l) => l.locationType === "sales")).toHaveLength(5);
    expect(parkside.find((l) => l.locationType === "service")!.name).toBe("Parkside Service Centre");
    expect(await listLocations(database.db, 1002)).toHaveLength(1);
    expect((await listDealerships(database.db, 1002)).length).toBe(1);
  });
});

describe("tenant isolation", () => {
  test("repositories only return rows of the site asked for", async () => {
    const a = await listLocations(database.db, 1001);
    const b = await listLocations(database.db, 1003);
    expect(a.map((l) => l.id).some((id) => b.map((l) => l.id).includes(id))).toBe(false);
    expect(a.every((l) => l.slug.startsWith("parkside"))).toBe(true);
    expect(b.every((l) => l.slug.startsWith("tasman"))).toBe(true);
    const da = await listDealerships(database.db, 1001);
    expect(da.every((d) => d.slug.startsWith("parkside"))).toBe(true);
  });

  test("saved ids give the site's visible cars only: not hidden, not sold long ago, not another site's", async () => {
    const rows = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001));
    const day = 86_400_000;
    const justSold = rows.find((v) => v.status === "sold" && NOW - v.soldAt!.getTime() <= 3 * day)!;
    const soldLongAgo = rows.find((v) => v.status === "sold" && NOW - v.soldAt!.getTime() > 3 * day)!;
    const hidden = rows.find((v) => !v.showOnDealerWebsite)!;
    const listed = rows.find((v) => v.status === "in_stock" && v.showOnDealerWebsite)!;
    const [other] = await database.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1003)).limit(1);
    const ids = [listed.id, justSold.id, soldLongAgo.id, hidden.id, other!.id, 2_000_000_000];
    const found = await listVisibleVehiclesByIds(database.db, await site("parkside-motor-group"), ids, NOW);
    expect(found.map((v) => v.id).sort()).toEqual([listed.id, justSold.id].sort());
    expect(await listVisibleVehiclesByIds(database.db, await site("parkside-motor-group"), [], NOW)).toEqual([]);
  });

  test("stock of one site is never counted for another", async () => {
    const parkside = await getStockSummary(database.db, await site("parkside-motor-group"), NOW);
    const ridgeline = await getStockSummary(database.db, await site("ridgeline-motorcycles"), NOW);
    expect(Object.keys(ridgeline.models).every((k) => k.startsWith("Yamaha:") || k.startsWith("Kawasaki:"))).toBe(true);
    expect(parkside.makes.map((m) => m.make)).not.toContain("Yamaha");
  });

  test("a site record is found by slug and by domain, with or without www", async () => {
    expect((await getSiteByKey(database.db, { by: "domain", domain: "tasmancampers.co.nz" }))?.slug).toBe("tasman-campers");
    expect((await getSiteByKey(database.db, { by: "domain", domain: "www.tasmancampers.co.nz" }))?.slug).toBe("tasman-campers");
    expect(await getSiteByKey(database.db, { by: "domain", domain: "unknown.example" })).toBeNull();
    expect(await getSiteByKey(database.db, { by: "slug", slug: "nope" })).toBeNull();
  });
});

describe("demo clock", () => {
  test("a later start keeps the counts exact by moving demo timestamps forward", async () => {
    const later = NOW + 10 * 86_400_000;
    const before = await getStockSummary(database.db, await site("parkside-motor-group"), later);
    expect(before.count).toBe(411); // the two just-sold cars dropped out after 3 days
    await reanchorDemoClock(database.db, later);
    const after = await getStockSummary(database.db, await site("parkside-motor-group"), later);
    expect(after.count).toBe(413);
  });

  test("re-seeding keeps leads", async () => {
    await database.db.insert(t.leads).values({ siteId: 1001, category: "General Enquiry", payload: { message: "hi" } });
    await seedDemoData(database.db, NOW);
    expect(await database.db.select().from(t.leads).where(eq(t.leads.siteId, 1001))).toHaveLength(1);
  });
});

describe("locations data: special hours and reviews", () => {
  test("holiday hours for the current and next year, site-wide", async () => {
    const { listSpecialHours } = await import("./locations");
    const list = await listSpecialHours(database.db, 1001);
    expect(list).toHaveLength(6);
    expect(list.find((s) => s.date === "2026-12-25")).toMatchObject({ name: "Christmas Day", status: "Closed", location_id: null });
    expect(list.find((s) => s.date === "2026-12-26")).toMatchObject({ status: "Open", start_hour: "10:00", end_hour: "14:00" });
    expect(list.map((s) => s.date)).toContain("2027-12-25");
  });

  test("review summary and items rated above 4, per site only", async () => {
    const { getReviewSummary, listShownReviews } = await import("./locations");
    expect(await getReviewSummary(database.db, 1001)).toEqual({
      count: 1525,
      average_rating: 4.1,
      distribution: { 5: 820, 4: 350, 3: 150, 2: 80, 1: 125 },
    });
    expect(await getReviewSummary(database.db, 1003)).toBeNull();
    const shown = await listShownReviews(database.db, 1001, 12);
    expect(shown).toHaveLength(12);
    expect(shown.every((r) => r.rating > 4)).toBe(true);
    expect(shown.every((r) => r.source?.review_url.startsWith("https://www.google.com/maps/search/"))).toBe(true);
    expect(new Set(shown.map((r) => r.source!.id)).size).toBeGreaterThan(1);
    expect(shown.some((r) => r.reply_text)).toBe(true);
    expect(await listShownReviews(database.db, 1003, 12)).toEqual([]);
  });

  test("the ratings of every review held, per star (the list shows only those above 4)", async () => {
    const { heldRatingCounts } = await import("./locations");
    const held = (await heldRatingCounts(database.db, 1001))!;
    expect(Object.keys(held).sort()).toEqual(["1", "2", "3", "4", "5"]);
    expect(Object.values(held).reduce((a, b) => a + b, 0)).toBe(40); // the demo's 40 items, of every rating
    expect(held[1]).toBeGreaterThan(0);
    expect(await heldRatingCounts(database.db, 1003)).toBeNull();
  });
});

describe("row mappers: a value the app does not know is an error, never a guess", () => {
  const rows = async () => ({
    site: (await database.db.select().from(t.sites).limit(1))[0]!,
    location: (await database.db.select().from(t.locations).limit(1))[0]!,
    vehicle: (await database.db.select().from(t.vehicles).limit(1))[0]!,
  });

  test("good rows map", async () => {
    const r = await rows();
    expect(toSite(r.site).country).toMatch(/^(AU|NZ|US)$/);
    expect(toLocation(r.location).locationType).toMatch(/^(sales|service|parts)$/);
    expect(toVehicle(r.vehicle).carType).toMatch(/^(new|used|demo)$/);
  });

  test.each([
    ["sites", "country", "GB", (r: Awaited<ReturnType<typeof rows>>) => toSite({ ...r.site, country: "GB" })],
    ["locations", "location_type", "", (r: Awaited<ReturnType<typeof rows>>) => toLocation({ ...r.location, locationType: "" })],
    ["vehicles", "car_type", "nearly-new", (r: Awaited<ReturnType<typeof rows>>) => toVehicle({ ...r.vehicle, carType: "nearly-new" })],
    ["vehicles", "status", "reserved", (r: Awaited<ReturnType<typeof rows>>) => toVehicle({ ...r.vehicle, status: "reserved" })],
  ])("%s.%s = %j → BadRowError", async (table, column, value, map) => {
    const r = await rows();
    const error = (() => {
      try {
        map(r);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BadRowError);
    expect(error).toMatchObject({ table, column, value });
  });
});
