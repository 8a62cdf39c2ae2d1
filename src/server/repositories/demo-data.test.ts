import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as t from "@/server/db/schema";
import { holidayHours } from "@/server/demo/generate";
import { seedSynthetic } from "@/server/demo/synthetic";
import { createTestDatabase } from "@/server/testing/test-db";
import { countAllVehicles, locationIdsOf, shiftDemoDates, stockForHistory } from "./demo-data";
import { getMeta } from "./meta";
import { listSiteIds } from "./sites";

/* The demo's writes on a database of its own (the synthetic dealers a benchmark adds, the demo clock). */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const NOW = Date.UTC(2026, 10, 21, 2, 0, 0);
const SITE = 900_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("synthetic dealers", () => {
  test("the database grows to the cars asked for, one new site each time, and no further once there", async () => {
    expect(await countAllVehicles(database.db)).toBe(0);
    expect(await seedSynthetic(database.db, 40, 40, NOW)).toBe(1);
    const [{ n }] = (await database.db.select({ n: sql<number>`count(*)::int` }).from(t.vehicles)) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(40);
    expect(await countAllVehicles(database.db)).toBe(n);
    expect(await listSiteIds(database.db)).toEqual([SITE]);
    expect(await seedSynthetic(database.db, 40, 40, NOW)).toBe(0);
  });

  test("a history's inputs: the site's locations, and its cars in stock or sold only", async () => {
    const locations = await database.db.select({ id: t.locations.id }).from(t.locations).orderBy(asc(t.locations.id));
    expect((await locationIdsOf(database.db, SITE)).sort((a, b) => a - b)).toEqual(locations.map((l) => l.id));
    expect(await locationIdsOf(database.db, SITE + 1)).toEqual([]);
    await database.db
      .update(t.vehicles)
      .set({ status: "coming_soon" })
      .where(eq(t.vehicles.stockNumber, (await firstCar()).stockNumber));
    const cars = await stockForHistory(database.db, SITE);
    const all = await database.db.select({ status: t.vehicles.status }).from(t.vehicles);
    expect(cars).toHaveLength(all.filter((v) => v.status === "in_stock" || v.status === "sold").length);
    expect(cars.length).toBeLessThan(all.length);
    expect(await stockForHistory(database.db, SITE + 1)).toEqual([]);
  });
});

const firstCar = async () => (await database.db.select().from(t.vehicles).orderBy(asc(t.vehicles.id)).limit(1))[0]!;

describe("the demo clock", () => {
  test("dates move the seconds given, holiday hours are replaced when given, the meta value is stored", async () => {
    const before = await firstCar();
    await shiftDemoDates(database.db, [SITE], 3600, {
      holidayHours: [{ siteId: SITE, rows: holidayHours(SITE, 2027) }],
      meta: { test_anchor: "a" },
    });
    expect((await firstCar()).listedAt.getTime()).toBe(before.listedAt.getTime() + 3_600_000);
    const hours = await database.db.select({ date: t.specialHours.date }).from(t.specialHours).where(eq(t.specialHours.siteId, SITE));
    expect(hours.map((h) => h.date).sort()).toEqual(["2027-01-01", "2027-12-25", "2027-12-26", "2028-01-01", "2028-12-25", "2028-12-26"]);
    expect(await getMeta(database.db, "test_anchor")).toBe("a");
  });

  test("another site's dates stay; only whole seconds are taken", async () => {
    const before = await firstCar();
    await shiftDemoDates(database.db, [SITE + 1], 3600, { meta: {} });
    expect((await firstCar()).listedAt.getTime()).toBe(before.listedAt.getTime());
    await expect(shiftDemoDates(database.db, [SITE], 1.5, { meta: {} })).rejects.toThrow(/whole seconds/);
  });
});
