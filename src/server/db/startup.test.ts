import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { catalogue, siteTag, SITES_TAG } from "@/server/cache";
import { env } from "@/server/base/env";
import { createEmptyPostgresDatabase } from "@/server/testing/test-db";
import { openDatabase, type Database } from "./client";
import * as t from "./schema";
import { prepareDatabase, type DemoStartup } from "./startup";
import { seedDemoData } from "@/server/demo/seed";

const PG = env().TEST_DATABASE_URL;

const firstVehicle = async (d: Database) =>
  (await d.db.select({ id: t.vehicles.id, listedAt: t.vehicles.listedAt }).from(t.vehicles).orderBy(t.vehicles.id).limit(1))[0]!;
const anchor = async (d: Database) => Number((await d.db.select().from(t.meta).where(eq(t.meta.key, "demo_clock_anchor")))[0]?.value);

describe("start-up on the embedded database", () => {
  test("an empty database is seeded only when asked", async () => {
    const d = await openDatabase({ driver: "pglite", memory: true });
    try {
      expect(await prepareDatabase(d, { seed: false })).toMatchObject({ seeded: false, empty: true });
      expect(await prepareDatabase(d, { seed: true })).toMatchObject({ seeded: true });
      expect(await prepareDatabase(d, { seed: true })).toMatchObject({ seeded: false, empty: false });
    } finally {
      await d.close();
    }
  }, 60_000);

  test("re-seeding the demo data keeps every lead and the location it names", async () => {
    const d = await openDatabase({ driver: "pglite", memory: true });
    try {
      await seedDemoData(d.db, Date.UTC(2026, 0, 5));
      const [loc] = await d.db.select().from(t.locations).where(eq(t.locations.siteId, 1001)).limit(1);
      const [car] = await d.db.select().from(t.vehicles).where(eq(t.vehicles.siteId, 1001)).limit(1);
      const [lead] = await d.db
        .insert(t.leads)
        .values({ siteId: 1001, category: "Service Enquiry", payload: { m: 1 }, locationId: loc!.id, vehicleId: car!.id })
        .returning();
      await seedDemoData(d.db, Date.UTC(2026, 0, 6));
      const [after] = await d.db.select().from(t.leads).where(eq(t.leads.id, lead!.id));
      expect(after).toMatchObject({ siteId: 1001, locationId: loc!.id, payload: { m: 1 } });
      expect(after!.vehicleId).toBeNull(); // stock was replaced: the link goes, the lead stays
    } finally {
      await d.close();
    }
  }, 60_000);

  test("seeding and moving the demo clock drop the cached catalogue reads of the demo sites", async () => {
    const d = await openDatabase({ driver: "pglite", memory: true });
    const cacheSome = () => {
      void catalogue.cached("test:parkside-search", [siteTag(1001)], async () => "stale");
      void catalogue.cached("test:context", [SITES_TAG], async () => "stale");
      void catalogue.cached("test:other-site", [siteTag(424242)], async () => "kept");
    };
    const keys = async () =>
      Promise.all(["test:parkside-search", "test:context", "test:other-site"].map((k) => catalogue.cached(k, [], async () => "reloaded")));
    try {
      cacheSome();
      await prepareDatabase(d, { seed: true, now: () => Date.UTC(2026, 0, 5) });
      expect(await keys()).toEqual(["reloaded", "reloaded", "kept"]);
      cacheSome();
      await prepareDatabase(d, { seed: true, now: () => Date.UTC(2026, 0, 6) }); // a later start: the clock moves
      expect((await keys()).slice(0, 2)).toEqual(["reloaded", "reloaded"]);
    } finally {
      catalogue.clear();
      await d.close();
    }
  }, 60_000);
});

describe("the demo code is loaded only when it has work to do", () => {
  /** A loader of the demo seam that counts its calls and hands over the real one. */
  function countingDemo() {
    const loads = { n: 0 };
    const demo = async (): Promise<DemoStartup> => {
      loads.n++;
      return (await import("@/server/demo")).demoStartup;
    };
    return { loads, demo };
  }

  test("a database of real dealers (no demo tenants) starts without loading it", async () => {
    const d = await openDatabase({ driver: "pglite", memory: true });
    try {
      const { loads, demo } = countingDemo();
      await d.db.insert(t.sites).values({
        id: 7,
        slug: "real-dealer",
        name: "Real Dealer",
        url: "https://www.real-dealer.example",
        domainName: "real-dealer.example",
        colours: { primary: "#000000", secondary: "#ffffff" },
      });
      expect(await prepareDatabase(d, { seed: false, demo })).toEqual({ seeded: false, empty: false, shiftedMs: 0 });
      expect(loads.n).toBe(0);
      // asked for demo data (SEED_DEMO_DATA=true), the same database does load it: the seeder tops up its staff
      await prepareDatabase(d, { seed: true, demo });
      expect(loads.n).toBe(1);
    } finally {
      await d.close();
    }
  }, 60_000);

  test("an empty database unasked leaves it unloaded; asked, it seeds", async () => {
    const d = await openDatabase({ driver: "pglite", memory: true });
    try {
      const { loads, demo } = countingDemo();
      expect(await prepareDatabase(d, { seed: false, demo })).toMatchObject({ empty: true });
      expect(loads.n).toBe(0);
      expect(await prepareDatabase(d, { seed: true, demo, now: () => Date.UTC(2026, 0, 5) })).toMatchObject({ seeded: true });
      expect(loads.n).toBe(1);
    } finally {
      await d.close();
    }
  }, 60_000);

  test("demo tenants already there move their clock on every start, even unasked (the anchor seeding wrote is found)", async () => {
    const d = await openDatabase({ driver: "pglite", memory: true });
    try {
      const t0 = Date.UTC(2026, 0, 5);
      await seedDemoData(d.db, t0);
      const { loads, demo } = countingDemo();
      const r = await prepareDatabase(d, { seed: false, demo, now: () => t0 + 3_600_000 });
      expect(r).toEqual({ seeded: false, empty: false, shiftedMs: 3_600_000 });
      expect(loads.n).toBe(1);
      expect(await anchor(d)).toBe(t0 + 3_600_000);
    } finally {
      await d.close();
    }
  }, 60_000);
});

describe.skipIf(!PG)("start-up on one PostgreSQL by several servers at once", () => {
  /** Two app processes' connections to one new, empty database; closed and dropped afterwards. */
  async function twoServers(fn: (a: Database, b: Database) => Promise<void>) {
    const empty = await createEmptyPostgresDatabase(PG!);
    const [a, b] = await Promise.all([
      openDatabase({ driver: "postgres", url: empty.url, max: 2 }),
      openDatabase({ driver: "postgres", url: empty.url, max: 2 }),
    ]);
    try {
      await fn(a, b);
    } finally {
      await Promise.all([a.close(), b.close()]);
      await empty.drop();
    }
  }

  test(
    "two servers starting together on an empty database migrate and seed it once",
    () =>
      twoServers(async (a, b) => {
        const results = await Promise.all([prepareDatabase(a, { seed: true }), prepareDatabase(b, { seed: true })]);
        expect(results.filter((r) => r.seeded)).toHaveLength(1);
        const before = await firstVehicle(a);
        // a later start finds the same rows: nothing replaced
        expect(await prepareDatabase(b, { seed: true })).toMatchObject({ seeded: false });
        expect(await firstVehicle(b)).toEqual(before);
        const [row] = (await a.db.execute<{ n: number }>(sql`select count(*)::int as n from sites`)) as unknown as Array<{ n: number }>;
        expect(row?.n).toBe(7);
      }),
    120_000,
  );

  test(
    "concurrent demo-clock re-anchors move the timestamps once",
    () =>
      twoServers(async (a, b) => {
        const t0 = Date.UTC(2026, 5, 1);
        await prepareDatabase(a, { seed: true, now: () => t0 });
        const before = await firstVehicle(a);
        const later = t0 + 3_600_000;
        const results = await Promise.all([
          prepareDatabase(a, { seed: true, now: () => later }),
          prepareDatabase(b, { seed: true, now: () => later }),
        ]);
        expect(results.map((r) => r.shiftedMs).sort()).toEqual([0, 3_600_000]);
        const after = await firstVehicle(b);
        expect(after.listedAt.getTime() - before.listedAt.getTime()).toBe(3_600_000);
        expect(await anchor(b)).toBe(later);
      }),
    120_000,
  );

  test("production never seeds an empty database unasked", async () => {
    const empty = await createEmptyPostgresDatabase(PG!);
    const a = await openDatabase({ driver: "postgres", url: empty.url, max: 2 });
    try {
      expect(await prepareDatabase(a, { seed: false })).toMatchObject({ seeded: false, empty: true });
    } finally {
      await a.close();
      await empty.drop();
    }
  }, 60_000);
});
