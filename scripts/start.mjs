#!/usr/bin/env node
// npm start: builds once when no build exists, then serves on $PORT (default 3000).
// The database is opened, migrated and (on first start) seeded by the server itself.
import { spawnSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";

const next = "node_modules/next/dist/bin/next";
if (!existsSync(".next/BUILD_ID")) {
  console.log("No production build found: running next build (first start only)…");
  const r = spawnSync(process.execPath, [next, "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const port = process.env.PORT || "3000";
const child = spawn(process.execPath, [next, "start", "-p", port], { stdio: "inherit" });
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
