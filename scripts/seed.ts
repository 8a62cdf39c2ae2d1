// npm run seed — (re)writes the demo tenants of DEMO_DATA.md. Leads and customers are kept.
import { getDatabase } from "@/server/db";
import { LOCK_KEYS } from "@/server/db/client";
import { DatabaseLockedError } from "@/server/db/lock";
import { seedDemoData } from "@/server/demo/seed";

try {
  const t0 = Date.now();
  const database = await getDatabase(); // migrates (and seeds an empty embedded database)
  const r = await database.exclusive(LOCK_KEYS.startup, () => seedDemoData(database.db));
  console.log(`Seeded ${r.sites} demo sites with ${r.vehicles} vehicles (${database.driver}) in ${Date.now() - t0} ms.`);
  await database.close();
} catch (error) {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
}
