// The production server: Next's request handler behind our edge (security headers, request
// checks, CSP nonce, error pages, tenant naming) and the full-page cache (ADR 0018); README.md in
// this folder walks a request through it. scripts/server.ts runs this (compiled to dist/server.mjs);
// `HTTP_CACHE_TTL_SECONDS=0` turns the page cache off.
import "server-only";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createServer, request as httpRequest, type IncomingMessage, type Server } from "node:http";
import next from "next";
import { PREVIEW_COOKIE, SESSION_COOKIE_NAMES } from "@/domain/accounts/session";
import { LEAD_FORM_FLASH_COOKIE } from "@/domain/leads/posted-form";
import { EDGE_MESSAGES } from "@/domain/http/messages";
import { clientAddress, isApiPath } from "@/domain/http/request";
import { getDatabase, getDb, isDatabaseUp, openedDatabase } from "@/server/db";
import { env, platformBaseUrl, type Env } from "@/server/base/env";
import { hashPolicyOf, nonceOf, prepareRequest } from "./request";
import { createPageCache, PAGE_CACHE_STATS } from "./page-cache";
import { createSharedPageCache } from "./page-cache/shared";
import { announceChanges } from "./announce";
import { startFromBuiltConfig } from "./next-config";
import { remember } from "@/server/base/remember";
import { widgetOriginsFor } from "@/server/site/widget-csp";
import { dropLocally, onPagesChanged } from "@/server/cache";
import { trackPageTags } from "@/server/cache/page-tags";
import { startChangeBus } from "@/server/cache/change-bus";
import { log } from "@/server/base/log";
import { isPlatformUp } from "@/server/platform-client";
import { isAdminHost } from "@/server/http/admin-host";

import { startDeliveryWorker } from "@/server/delivery/worker";
import { startAlertWorker } from "@/server/alerts/digests";
import { startRollupWorker } from "@/server/reports/rollup";
import { startWeeklyWorker } from "@/server/reports/weekly";
import { adminOrigin } from "@/server/http/admin-host";
import { serverNow } from "@/server/base/clock";
import { startPhotoFetchWorker } from "@/server/photos/fetch-worker";
import { imageRequest } from "@/server/photos/service";
import { serveDirect } from "./direct";
import { lingerOnClose } from "./linger";
import { EdgeResponse } from "./response";
import { liveLeadRoutes, MAX_JSON_BYTES } from "@/server/leads/handlers";
import { slotsRoute } from "@/server/bookings/bookings-api";
import { startBackupControl } from "@/server/db/backup-control";

/** What a dashboard process (PLATFORM_ROLE=dashboard) serves: the platform data API and its health. */
const DASHBOARD_PATHS = /^\/(api\/v1\/|websites\/|api\/health(\?|$))/;
/** POST /api/leads is served by its route's own handler without Next's pipeline (ADR 0016). */
const LEAD_POST = /^\/api\/leads(\?|$)/;
/** POST /api/leads/with-files too: its body streams to the handler, and an early 413 reaches a client still sending (linger.ts). */
const LEAD_FILES_POST = /^\/api\/leads\/with-files(\?|$)/;
const IMAGES = /^\/images\//;
/** GET /api/bookings/slots: asked at every change of a booking form's day, answered without Next's pipeline as the lead POST is. */
const SLOTS_GET = /^\/api\/bookings\/slots(\?|$)/;

type NextHandler = ReturnType<ReturnType<typeof next>["getRequestHandler"]>;
type EdgeServer = Server<typeof IncomingMessage, typeof EdgeResponse>;

/** Starts the server on PORT and its workers; SIGINT/SIGTERM stop them gracefully. */
export async function runServer(): Promise<void> {
  // what this server writes (the embedded database's new folders, uploads, caches) is the owner's alone,
  // whatever umask it was started with (src/server/base/owner-only.ts)
  process.umask(0o077);
  const e = env();
  const leadRoutes = liveLeadRoutes();
  startFromBuiltConfig(process.cwd());
  const app = next({ dev: false, dir: process.cwd() });
  const handle = app.getRequestHandler();
  await app.prepare();

  const pages = await startPageCache(e, () => ownAddress(server));
  const server = createServer(
    { connectionsCheckingInterval: 2_000, ServerResponse: EdgeResponse },
    requestListener(e, handle, pages.cache, leadRoutes),
  );
  limitClients(server, e);
  const workers = await startWorkers(e);

  // HOST: the cluster's app processes listen on loopback only (the front door, Caddy, is their one way in)
  server.listen(e.PORT, e.HOST, () => {
    const role =
      e.PLATFORM_ROLE === "dashboard"
        ? "dashboard: the platform data API and the back-office"
        : e.PLATFORM_API_URL
          ? `storefront: site data from ${new URL(platformBaseUrl(e)!).origin}`
          : "sites and platform API";
    console.log(
      `Dealer platform on http://localhost:${e.PORT} (Node ${process.versions.node}; ${role}; page cache ${e.HTTP_CACHE_TTL_SECONDS}s, fresh ${e.HTTP_CACHE_FRESH_SECONDS}s${pages.shared ? ", shared in PostgreSQL" : ""})`,
    );
  });

  stopOnSignals(server, async () => {
    await workers.deliveries?.stop(); // a delivery in flight finishes and is recorded
    await workers.alerts?.stop(); // a digest in flight is sent and recorded
    await workers.rollups.stop();
    await workers.weekly?.stop();
    await workers.photoFetches.stop();
    if (pages.trimShared) clearInterval(pages.trimShared);
    await workers.backupControl?.close();
    // stopping goes on whatever fails here: the process is leaving either way, but says so
    await pages.changes?.close().catch((err) => log.warn({ err }, "catalogue change notices did not close cleanly"));
    const db = openedDatabase();
    await db?.then((d) => d.close()).catch((err) => log.warn({ err }, "the database did not close cleanly"));
  });
}

/** Where this process listens, as a client reaches it (loopback when it listens on every address). */
function ownAddress(server: EdgeServer): string {
  const a = server.address();
  const ip = a && typeof a === "object" ? a.address : "127.0.0.1";
  return ip === "::" || ip === "0.0.0.0" ? "127.0.0.1" : ip;
}

/**
 * The page cache (behind it, with HTTP_CACHE_SHARED=postgres, the tier every process shares) and
 * what purges it: a change in this process at once, and on PostgreSQL a change in any process.
 */
async function startPageCache(e: Env, address: () => string) {
  /** The page cache's own requests (a stale page drawn again, a purged one re-warmed) carry this process's secret. */
  const REFRESH_HEADER = "x-page-cache-refresh";
  const refreshSecret = randomBytes(18).toString("base64url");
  // the build this process serves: the shared tier keeps copies per build (a page names its build's
  // /_next/static files), so after a deploy no process serves an old build's page
  const buildId = readFileSync(join(process.cwd(), ".next", "BUILD_ID"), "utf8").trim();
  // HTTP_CACHE_SHARED=postgres: a page cache every process shares, behind this process's own (ADR 0019)
  const shared =
    e.HTTP_CACHE_SHARED === "postgres" && e.HTTP_CACHE_TTL_SECONDS > 0
      ? createSharedPageCache(await getDb(), {
          ttlMs: e.HTTP_CACHE_TTL_SECONDS * 1000,
          maxBytes: e.HTTP_CACHE_SHARED_MAX_MB * 1024 * 1024,
          build: buildId,
          trimEveryMs: 50_000,
        })
      : undefined;
  const cache = createPageCache({
    ttlMs: e.HTTP_CACHE_TTL_SECONDS * 1000,
    freshMs: e.HTTP_CACHE_FRESH_SECONDS * 1000,
    maxEntries: e.HTTP_CACHE_MAX_ENTRIES,
    maxTotalBytes: e.HTTP_CACHE_MAX_MB * 1024 * 1024,
    // a refused form post's values come back in LEAD_FORM_FLASH_COOKIE: that page is drawn for its shopper alone
    sessionCookies: [...SESSION_COOKIE_NAMES, PREVIEW_COOKIE, LEAD_FORM_FLASH_COOKIE],
    nonceOf,
    // a stored copy is served with a CSP of its own scripts' hashes: the same bytes for every request (ADR 0019)
    hashPolicy: hashPolicyOf,
    track: trackPageTags,
    isRefresh: (req) => req.headers[REFRESH_HEADER] === refreshSecret,
    refresh: ({ host, url }) => drawAgain(host, url),
    shared,
  });
  // the shared tier is kept within its bound (and void copies cleared) once a minute: every process
  // asks, a little apart, and the first to claim the minute's trim does it
  const trimShared = shared
    ? setInterval(
        () => void shared.trim().catch((err) => log.warn({ err }, "shared page cache trim failed")),
        55_000 + Math.floor(Math.random() * 10_000),
      ).unref()
    : null;
  /** Sends this process the page's request (through the edge, as a shopper's) and reads the answer to its end. */
  function drawAgain(host: string, url: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        { host: address(), port: e.PORT, path: url, headers: { host, [REFRESH_HEADER]: refreshSecret, "accept-encoding": "identity" } },
        (res) =>
          res
            .resume()
            .on("end", () => resolve(res.statusCode ?? 0))
            .on("error", reject),
      );
      req.setTimeout(30_000, () => req.destroy(new Error("page refresh timed out")));
      req.on("error", reject).end();
    });
  }
  // /api/health reports the page cache (it lives here, not in Next's bundle)
  remember(PAGE_CACHE_STATS, () => cache.snapshot);
  // a change in this process (a price, a reservation, a seed) purges the pages drawn from it at once
  onPagesChanged(cache.purge);
  // on PostgreSQL, a change in any process reaches every process's caches at once
  const changes = e.DATABASE_URL
    ? startChangeBus(e.DATABASE_URL, dropLocally, (err) =>
        log.warn({ err }, "catalogue change notices unavailable: caches expire on their own"),
      )
    : null;
  // a change's copies leave the shared page cache (whether this process uses it or not) before the
  // other processes hear of the change: none of them can refill its own cache from a copy the change
  // made stale. A delete that fails after retries goes out marked, and every process then skips
  // those copies for the fresh window.
  if (changes)
    announceChanges({
      db: await getDb(),
      bus: changes,
      purge: shared?.purge,
      onSharedStale: (tags) => cache.purge(tags, { sharedStale: true }),
      log: (err) => log.warn({ err }, "shared page cache purge failed: its copies there are skipped for the fresh window"),
    });
  return { cache, shared, trimShared, changes };
}

/** Every request's path through the edge (README.md in this folder): checks, then the image service, the lead routes, Next or the page cache. */
function requestListener(e: Env, handle: NextHandler, cache: ReturnType<typeof createPageCache>, leads: ReturnType<typeof liveLeadRoutes>) {
  const { create: postLead, withFiles: postLeadWithFiles } = leads;
  return async (req: IncomingMessage, res: EdgeResponse) => {
    const began = Date.now();
    // photos are answered by the image service itself (no tenant, no page CSP, no Next pipeline)
    const image = (req.method === "GET" || req.method === "HEAD") && IMAGES.test(req.url ?? "");
    // a page's CSP allows its site's enabled widgets' origins (the back-office and the dashboard load none)
    const widgets = image || isAdminHost(req.headers.host) || e.PLATFORM_ROLE === "dashboard" ? undefined : await widgetOriginsFor(req);
    if (!prepareRequest(req, res, widgets)) return;
    // the client address for rate limits (the image service's too): the socket's, or the one TRUST_PROXY hops from the right of X-Forwarded-For
    req.headers["x-real-ip"] = clientAddress(
      req.socket.remoteAddress,
      req.headers["x-forwarded-for"],
      e.TRUST_PROXY,
      e.TRUSTED_PROXY_ADDRESSES,
    );
    if (image && e.PLATFORM_ROLE !== "dashboard") return void serveDirect(req, res, imageRequest, 0);
    // a 5xx while the database or the dashboard (a storefront's PLATFORM_API_URL) is down becomes a clear 503 page
    // (a render that failed while the database was down is a 503 even if it is back by the time we ask)
    res.guardErrors(isApiPath(req.url), async () => isPlatformUp() && (await isDatabaseUp({ since: began })));
    // the dealer back-office is personal: never served from or stored in the page cache
    const backOffice = isAdminHost(req.headers.host);
    if (e.PLATFORM_ROLE === "dashboard" && !backOffice && !DASHBOARD_PATHS.test(req.url ?? "")) {
      res.writeHead(404, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
      res.end(JSON.stringify({ error: EDGE_MESSAGES.dashboardOnly }));
      return;
    }
    if (req.method === "POST" && !backOffice && LEAD_POST.test(req.url ?? "")) void serveDirect(req, res, postLead, MAX_JSON_BYTES);
    else if (req.method === "POST" && !backOffice && LEAD_FILES_POST.test(req.url ?? ""))
      void serveDirect(req, res, postLeadWithFiles, "stream");
    else if ((req.method === "GET" || req.method === "HEAD") && !backOffice && SLOTS_GET.test(req.url ?? ""))
      void serveDirect(req, res, slotsRoute, 0);
    else if (backOffice) void handle(req, res);
    else void cache.handle(handle, req, res);
  };
}

/** Timeouts and answers for clients that send too slowly or send what cannot be read. */
function limitClients(server: EdgeServer, e: Env) {
  // a client that stops sending is let go in seconds, not Node's 300 s: its headers within
  // 10 s and the whole request within REQUEST_TIMEOUT_SECONDS (default 60: 5 attachments of 10 MB on a
  // slow phone), checked every 2 s. (A socket inactivity timeout would also do it, but it cut the 413
  // of an oversized upload before the client could read it: the probe caught that.)
  server.headersTimeout = 10_000;
  server.requestTimeout = e.REQUEST_TIMEOUT_SECONDS * 1000;
  // an answer given before the request's body was read (a 413) reaches a client that is still sending
  lingerOnClose(server);
  // a request Node's HTTP parser cannot read gets our JSON error, not a bare "400 Bad Request"
  server.on("clientError", (err: NodeJS.ErrnoException, socket) => {
    if (err.code === "ECONNRESET" || !socket.writable) return socket.destroy();
    const body = JSON.stringify({ error: EDGE_MESSAGES.byStatus[400] });
    socket.end(
      `HTTP/1.1 400 Bad Request\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  server.on("error", (error) => {
    console.error(`Cannot serve on port ${e.PORT}: ${error.message}`);
    process.exit(1);
  });
}

/** The workers this process runs beside serving. */
async function startWorkers(e: Env) {
  return {
    // this process delivers leads from the shared outbox (the dashboard role takes no leads)
    deliveries: e.PLATFORM_ROLE === "dashboard" ? null : startDeliveryWorker(getDb),
    // and sends shoppers' alert digests (a claim per shopper keeps processes off each other's)
    alerts: e.PLATFORM_ROLE === "dashboard" ? null : startAlertWorker(getDb),
    // and keeps the reports' visits rollup current from the analytics events (idempotent per day)
    rollups: startRollupWorker(getDb, serverNow, env().REPORT_ROLLUP_SECONDS * 1000),
    // and mails owners and managers last week's report from Monday 8 am (one claim per site and week)
    weekly: e.PLATFORM_ROLE === "dashboard" ? null : startWeeklyWorker(getDb, serverNow, adminOrigin),
    // and fetches stock feeds' photos (every process may: each claims its own rows)
    photoFetches: startPhotoFetchWorker(getDb),
    // the embedded database is copied by the process that holds it: `npm run backup` asks on a private socket (docs/operations/backup.md)
    backupControl:
      e.DATABASE_URL || e.DATA_DIR === ":memory:"
        ? null
        : await startBackupControl(e.DATA_DIR, async () => {
            const database = await getDatabase();
            if (!database.dumpDataDir) throw new Error("this database cannot be dumped here");
            return database.dumpDataDir();
          }).catch((err: unknown) => {
            // (a DATA_DIR whose path is too long for a socket's name, say): serving matters more
            log.warn({ err }, "no backup socket: npm run backup needs this server stopped");
            return null;
          }),
  };
}

/**
 * Graceful stop: refuse new connections, let requests in flight (a lead being written) finish,
 * then `stop` the workers and close the database (flushing the embedded one) and exit; exit
 * handlers release its lock.
 */
function stopOnSignals(server: EdgeServer, stop: () => Promise<void>) {
  let stopping = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      setTimeout(() => process.exit(1), 10_000).unref(); // never hang a deploy
      server.close(async () => {
        await stop();
        process.exit(0);
      });
      server.closeIdleConnections();
    });
  }
}
