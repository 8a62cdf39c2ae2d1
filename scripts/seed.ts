// npm run seed — (re)writes the demo tenants of docs/demo-data.md. Leads and customers are kept.
import { getDatabase } from "@/server/db";
import { LOCK_KEYS } from "@/server/db/client";
import { DatabaseLockedError } from "@/server/db/lock";
import { seedDemoData } from "@/server/demo/seed";
import { announceChanges } from "@/server/edge/announce";
import { startChangeBus } from "@/server/cache/change-bus";
import { env } from "@/server/base/env";

try {
  const t0 = Date.now();
  const database = await getDatabase(); // migrates (and seeds an empty embedded database)
  // on PostgreSQL the running servers hear of the seeded sites, and their shared page copies go first
  const url = env().DATABASE_URL;
  const bus = url
    ? startChangeBus(
        url,
        () => {},
        () => {},
      )
    : null;
  const announced = bus
    ? announceChanges({ db: database.db, bus, log: (err) => console.warn("shared page cache purge failed:", err) })
    : null;
  const r = await database.exclusive(LOCK_KEYS.startup, () => seedDemoData(database.db));
  await announced?.settled();
  await bus?.close();
  console.log(`Seeded ${r.sites} demo sites with ${r.vehicles} vehicles (${database.driver}) in ${Date.now() - t0} ms.`);
  await database.close();
} catch (error) {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
}
