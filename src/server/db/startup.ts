import "server-only";
import { eq, sql } from "drizzle-orm";
import { LOCK_KEYS, type Database, type Db } from "./client";
import * as t from "./schema";

export type StartupResult = { seeded: boolean; empty: boolean; shiftedMs: number; vehicles?: number };

/** What start-up asks of the demo tenants' code (src/server/demo/index.ts provides it). */
export type DemoStartup = {
  /** fills an empty database with the demo tenants, their staff and their reports' year */
  seed(db: Db, now: number): Promise<{ vehicles: number }>;
  /** moves the demo clock forward and brings the demo content up to date; with `seed`, staff and history too */
  refresh(db: Db, now: number, opts: { seed: boolean }): Promise<{ shiftedMs: number }>;
};

/**
 * The key of the demo clock's anchor in `meta`, which demo/seed.ts writes when it seeds the demo
 * tenants (start-up's tests seed and then check that the clock moves, so the two names cannot drift apart).
 */
const DEMO_CLOCK_ANCHOR = "demo_clock_anchor";

/*
 * The demo code is loaded through its seam only when it has work to do: demo data asked for, or
 * demo tenants already in the database (their clock moves on every start). A production database
 * of real dealers never loads it.
 */
const loadDemo = async (): Promise<DemoStartup> => (await import("@/server/demo")).demoStartup;

async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t.sites);
  return (row?.n ?? 0) === 0;
}

async function hasDemoData(db: Db): Promise<boolean> {
  const [anchor] = await db.select({ key: t.meta.key }).from(t.meta).where(eq(t.meta.key, DEMO_CLOCK_ANCHOR));
  return anchor !== undefined;
}

/**
 * After migrations: seed an empty database with the demo tenants when asked, else move the demo
 * clock forward. Under the start-up lock, so that servers starting together on one PostgreSQL do
 * it once: the first seeds, the others find the data there (and a fresh anchor to leave alone).
 */
export function prepareDatabase(
  database: Database,
  opts: { seed: boolean; now?: () => number; demo?: () => Promise<DemoStartup> },
): Promise<StartupResult> {
  const now = opts.now ?? Date.now;
  const demo = opts.demo ?? loadDemo;
  return database.exclusive(LOCK_KEYS.startup, async () => {
    if (await isEmpty(database.db)) {
      if (!opts.seed) return { seeded: false, empty: true, shiftedMs: 0 };
      const r = await (await demo()).seed(database.db, now());
      return { seeded: true, empty: false, shiftedMs: 0, vehicles: r.vehicles };
    }
    if (!opts.seed && !(await hasDemoData(database.db))) return { seeded: false, empty: false, shiftedMs: 0 };
    const { shiftedMs } = await (await demo()).refresh(database.db, now(), { seed: opts.seed });
    return { seeded: false, empty: false, shiftedMs };
  });
}
