// The production server: Next's request handler behind the page microcache (src/server/http/microcache.ts).
// `npm start` runs this; `HTTP_CACHE_TTL_SECONDS=0` turns the microcache off.
import { createServer } from "node:http";
import next from "next";
import { env } from "@/server/env";
import { createMicrocache } from "@/server/http/microcache";

const e = env();
const app = next({ dev: false, dir: process.cwd() });
const handle = app.getRequestHandler();
await app.prepare();

const cache = createMicrocache({ ttlMs: e.HTTP_CACHE_TTL_SECONDS * 1000, sessionCookies: ["garage_session"] });
const server = createServer((req, res) => {
  // the client address for rate limits: the socket's, or the first X-Forwarded-For hop behind a trusted proxy
  const forwarded = String(req.headers["x-forwarded-for"] ?? "").split(",")[0]?.trim();
  req.headers["x-real-ip"] = (e.TRUST_PROXY && forwarded) || req.socket.remoteAddress || "unknown";
  void cache.handle(handle, req, res);
});
server.on("error", (error) => {
  console.error(`Cannot serve on port ${e.PORT}: ${error.message}`);
  process.exit(1);
});
server.listen(e.PORT, () => {
  console.log(`Dealer platform on http://localhost:${e.PORT} (page microcache ${e.HTTP_CACHE_TTL_SECONDS}s)`);
});

/**
 * Graceful stop: refuse new connections, let requests in flight (a lead being written) finish,
 * then close the database (flushing the embedded one) and exit; exit handlers release its lock.
 */
let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    setTimeout(() => process.exit(1), 10_000).unref(); // never hang a deploy
    server.close(async () => {
      const db = (globalThis as { __dealerDb?: Promise<{ close: () => Promise<void> }> }).__dealerDb;
      await db?.then((d) => d.close()).catch(() => {});
      process.exit(0);
    });
    server.closeIdleConnections();
  });
}
