import { getDatabase } from "@/server/db";
import { PAGE_CACHE_STATS } from "@/server/edge/page-cache";
import { log } from "@/server/base/log";
import { recall } from "@/server/base/remember";
import { platformClient } from "@/server/platform-client";
import { deliveryBacklog } from "@/server/repositories/deliveries";
import { unpaidHolds } from "@/server/repositories/orders";
import { serverNow } from "@/server/base/clock";
import { countSites } from "@/server/repositories/sites";
import { env, mailTransportOf } from "@/server/base/env";

/**
 * How mail leaves this process: SMTP, or the outbox folder, which is for development only (no one
 * receives it). Only that: this answer is public, and the detailed warning (which names the folder
 * on this host) goes to the start-up log alone (src/server/startup/start.ts).
 */
function mailStatus() {
  return { via: mailTransportOf(env()).via === "smtp" ? "smtp" : "outbox (development only)" };
}

export const dynamic = "force-dynamic";

/** A storefront's dashboard (PLATFORM_API_URL): reachable at its last request, or not (pages then serve from the cache). */
function platformStatus() {
  const c = platformClient();
  return c ? { platform: { status: c.state.up ? "ok" : "unavailable" } } : {};
}

/** The full-page cache of this process (src/server/edge/server.ts registers it; absent under `next dev`). */
function pageCache() {
  const stats = recall<() => unknown>(PAGE_CACHE_STATS);
  return stats ? { pageCache: stats() } : {};
}

// GET /api/health — 200 with database status when the database answers, 503 otherwise (a storefront adds its dashboard's status).
export async function GET() {
  const t0 = performance.now();
  try {
    const { db, driver } = await getDatabase();
    const sites = await countSites(db);
    const outbox = await deliveryBacklog(db);
    return Response.json({
      status: "ok",
      database: { status: "ok", driver, sites, latencyMs: Math.round(performance.now() - t0) },
      // leads waiting to reach dealers, those given up or late (15 minutes), and the oldest's age
      leadDelivery: outbox,
      // cars held right now by reservations not yet paid
      reservations: { unpaidHolds: await unpaidHolds(db, new Date(serverNow())) },
      mail: mailStatus(),
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
