import { sql } from "drizzle-orm";
import { getDatabase } from "@/server/db";
import { log } from "@/server/log";
import { platformClient } from "@/server/platform-client";
import { deliveryBacklog } from "@/server/repositories/deliveries";
import { unpaidHolds } from "@/server/repositories/orders";
import { serverNow } from "@/server/clock";
import { rowsOf } from "@/server/repositories/row";

export const dynamic = "force-dynamic";

/** A storefront's dashboard (PLATFORM_API_URL): reachable at its last request, or not (pages then serve from the cache). */
function platformStatus() {
  const c = platformClient();
  return c ? { platform: { status: c.state.up ? "ok" : "unavailable" } } : {};
}

/** The full-page cache of this process (scripts/server.ts registers it; absent under `next dev`). */
function pageCache() {
  const stats = (globalThis as { __pageCacheStats?: () => unknown }).__pageCacheStats;
  return stats ? { pageCache: stats() } : {};
}

// GET /api/health — 200 with database status when the database answers, 503 otherwise (a storefront adds its dashboard's status).
export async function GET() {
  const t0 = performance.now();
  try {
    const { db, driver } = await getDatabase();
    const rows = await db.execute<{ sites: number }>(sql`select count(*)::int as sites from sites`);
    const first = rowsOf<{ sites: number }>(rows)[0];
    const outbox = await deliveryBacklog(db);
    return Response.json({
      status: "ok",
      database: { status: "ok", driver, sites: first?.sites ?? 0, latencyMs: Math.round(performance.now() - t0) },
      // leads waiting to reach dealers, those given up or late (15 minutes), and the oldest's age
      leadDelivery: outbox,
      // cars held right now by reservations not yet paid
      reservations: { unpaidHolds: await unpaidHolds(db, new Date(serverNow())) },
      ...platformStatus(),
      // pages, bytes and their bounds, hits/stale/misses and the hit ratio, purges and re-warms
      ...pageCache(),
    });
  } catch (error) {
    // the detail (driver message, SQL) goes to the log only; callers learn that it is down
    log.error({ err: error }, "health check: database unavailable");
    return Response.json(
      { status: "error", database: { status: "unavailable" } },
      { status: 503, headers: { "retry-after": "30", "cache-control": "no-store" } },
    );
  }
}
