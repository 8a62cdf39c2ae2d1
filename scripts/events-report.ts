// npm run events:report -- [site-slug] [days] — analytics events per event and day for one site
// (default parkside-motor-group, 7 days). On the embedded database, stop `npm start` first (one
// process at a time); on PostgreSQL (DATABASE_URL) run it any time.
import { eventById } from "@/domain/analytics/events";
import { getDatabase } from "@/server/db";
import { DatabaseLockedError } from "@/server/db/lock";
import { eventCounts } from "@/server/repositories/analytics";
import { getSiteByKey } from "@/server/repositories/sites";

const [slug = "parkside-motor-group", daysArg = "7"] = process.argv.slice(2);
const days = Number(daysArg);
if (!/^[a-z0-9-]{1,100}$/.test(slug) || !Number.isInteger(days) || days < 1 || days > 366) {
  console.error("Usage: npm run events:report -- [site-slug] [days 1-366]");
  process.exit(2);
}
try {
  const database = await getDatabase();
  const site = await getSiteByKey(database.db, { by: "slug", slug });
  if (!site) {
    console.error(`No site ${slug}.`);
    process.exit(1);
  }
  const rows = await eventCounts(database.db, site.id, { since: new Date(Date.now() - days * 86_400_000), timezone: site.timezone });
  console.log(`${site.name}: analytics events in the last ${days} days (${site.timezone})\n`);
  if (rows.length === 0) console.log("No events yet.");
  else {
    console.log(["day".padEnd(10), "id".padStart(3), "event".padEnd(28), "events".padStart(7), "sessions".padStart(9)].join("  "));
    for (const r of rows)
      console.log(
        [
          r.day,
          String(r.eventId).padStart(3),
          (eventById(r.eventId)?.name ?? "?").padEnd(28),
          String(r.events).padStart(7),
          String(r.sessions).padStart(9),
        ].join("  "),
      );
  }
  await database.close();
} catch (error) {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
}
