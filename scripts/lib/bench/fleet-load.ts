/*
 * The fleet's database for `--only fleet`: the demo sites plus synthetic dealers of 200 cars each
 * up to 1,000,000 cars (5,000 dealers), in Debian's PostgreSQL under .data/bench-pg (the query
 * part's server), database "fleet", and a platform operator the change stream signs in as. Loading
 * takes minutes, so a database that already holds the fleet is kept (`--fresh` loads it again).
 */
import { openDatabase } from "@/server/db/client";
import { seedDemoData } from "@/server/demo/seed";
import { seedSynthetic } from "@/server/demo/synthetic";
import { createOperator } from "@/server/admin/operators";
import { startPostgres } from "../cluster";

export const FLEET_DIR = ".data/bench-pg";
export const FLEET_DATABASE = "fleet";
export const FLEET_PG_PORT = 55484;
export const FLEET_CARS = 1_000_000;
export const FLEET_PER_SITE = 200;
/** the platform operator whose session makes the change stream's edits (bench data only) */
export const FLEET_OPERATOR = { email: "fleet-bench@example.com", password: "fleet-bench-operator-2026" };

export type FleetLoad = { reused: boolean; loadMs: number; sites: number; vehicles: number };

/** Makes sure database "fleet" holds the fleet; loads it when it does not (or when `fresh`). */
export async function loadFleet(fresh: boolean, say: (s: string) => void = console.log): Promise<FleetLoad> {
  const pg = await startPostgres({ dir: FLEET_DIR, port: FLEET_PG_PORT, quiet: true });
  try {
    const counts = (): { sites: number; vehicles: number } => {
      const out = pg.psql("select (select count(*) from sites) || ' ' || (select count(*) from vehicles)", FLEET_DATABASE).trim();
      const [sites, vehicles] = out.split(" ").map(Number);
      return { sites: sites!, vehicles: vehicles! };
    };
    const exists = pg.psql(`select 1 from pg_database where datname = '${FLEET_DATABASE}'`).trim() === "1";
    let have = { sites: 0, vehicles: 0 };
    try {
      if (exists) have = counts();
    } catch {
      // a database left half-made by an interrupted load: loaded again below
    }
    const full = have.vehicles >= FLEET_CARS && have.sites >= FLEET_CARS / FLEET_PER_SITE;
    if (full && !fresh) {
      say(
        `fleet database kept: ${have.sites.toLocaleString("en-AU")} sites, ${have.vehicles.toLocaleString("en-AU")} cars (--fresh loads it again)`,
      );
      return { reused: true, loadMs: 0, ...have };
    }
    say(
      `loading the fleet into PostgreSQL (${FLEET_DIR}, database ${FLEET_DATABASE}): the demo sites, then synthetic dealers to ${FLEET_CARS.toLocaleString("en-AU")} cars…`,
    );
    const t0 = Date.now();
    pg.psql(`drop database if exists ${FLEET_DATABASE}`);
    pg.psql(`create database ${FLEET_DATABASE}`);
    const database = await openDatabase({ driver: "postgres", url: pg.url(FLEET_DATABASE), max: 4 });
    try {
      await seedDemoData(database.db);
      await seedSynthetic(database.db, FLEET_CARS, FLEET_PER_SITE);
      await createOperator(database.db, { email: FLEET_OPERATOR.email, name: "Fleet bench", password: FLEET_OPERATOR.password });
    } finally {
      await database.close();
    }
    const loadMs = Date.now() - t0;
    const now = counts();
    say(
      `fleet loaded in ${Math.round(loadMs / 1000)} s: ${now.sites.toLocaleString("en-AU")} sites, ${now.vehicles.toLocaleString("en-AU")} cars`,
    );
    return { reused: false, loadMs, ...now };
  } finally {
    await pg.stop();
  }
}
