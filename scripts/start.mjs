#!/usr/bin/env node
// npm start: builds once when no build exists (`npm run build`: Next's build and the compiled
// server in dist/), then serves on $PORT (default 3000) with dist/server.mjs: plain JavaScript,
// no TypeScript loader. The database is opened, migrated and (on first start) seeded by the server.
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

if (!existsSync(".next/BUILD_ID") || !existsSync("dist/server.mjs")) {
  console.log("No production build found: running npm run build (first start only)…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ["--enable-source-maps", "dist/server.mjs"], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: "production" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
