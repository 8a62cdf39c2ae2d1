import "server-only";
import { seedDemoStaff } from "@/server/demo/staff";
import { isEmpty, reanchorDemoClock, refreshDemoContent, seedDemoData } from "@/server/demo/seed";
import { refreshDemoHistory } from "@/server/demo/history";
import { LOCK_KEYS, type Database } from "./client";

export type StartupResult = { seeded: boolean; empty: boolean; shiftedMs: number; vehicles?: number };

/**
 * After migrations: seed an empty database with the demo tenants when asked, else move the demo
 * clock forward. Under the start-up lock, so that servers starting together on one PostgreSQL do
 * it once: the first seeds, the others find the data there (and a fresh anchor to leave alone).
 */
export function prepareDatabase(database: Database, opts: { seed: boolean; now?: () => number }): Promise<StartupResult> {
  const now = opts.now ?? Date.now;
  return database.exclusive(LOCK_KEYS.startup, async () => {
    if (await isEmpty(database.db)) {
      if (!opts.seed) return { seeded: false, empty: true, shiftedMs: 0 };
      const r = await seedDemoData(database.db, now());
      await seedDemoStaff(database.db);
      await refreshDemoHistory(database.db, now());
      return { seeded: true, empty: false, shiftedMs: 0, vehicles: r.vehicles };
    }
    const shiftedMs = await reanchorDemoClock(database.db, now());
    await refreshDemoContent(database.db, now());
    // a demo database seeded before the back-office existed gets the demo staff once
    if (opts.seed) await seedDemoStaff(database.db);
    // the reports' demo year, topped up to yesterday
    if (opts.seed) await refreshDemoHistory(database.db, now());
    return { seeded: false, empty: false, shiftedMs };
  });
}
