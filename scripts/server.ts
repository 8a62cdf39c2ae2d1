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

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    server.close();
    // exit handlers release the embedded database lock
    setTimeout(() => process.exit(0), 50).unref();
  });
}
