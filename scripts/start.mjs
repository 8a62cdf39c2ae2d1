#!/usr/bin/env node
// npm start: builds once when no build exists (`npm run build`: Next's build and the compiled
// server in dist/), then serves on $PORT (default 3000) with dist/server.mjs: plain JavaScript,
// no TypeScript loader. The database is opened, migrated and (on first start) seeded by the server.
//
// Two processes, one platform (docs/features/platform-api.md):
//   npm run start:dashboard   → `node scripts/start.mjs dashboard`: the platform data API only, on
//                               port 3001 with its own embedded database (.data/dashboard-pglite)
//   npm run start:storefront  → `node scripts/start.mjs storefront`: the sites on port 3000, reading
//                               site data from http://127.0.0.1:3001
// Unset platform credentials are filled from .data/platform-demo-secrets.json (random, made once):
// both processes share them, and nothing secret is written in the repository.
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { MALLOC_ENV } from "./lib/malloc-env.mjs";

const mode = process.argv[2];
if (mode !== undefined && mode !== "dashboard" && mode !== "storefront") {
  console.error(`Unknown mode "${mode}": use dashboard, storefront or nothing.`);
  process.exit(2);
}

// The server runs on a supported Node LTS (24 or newer). `npm ci` installs one from the npm registry's
// `node` package, and npm scripts put it first on the PATH; `node scripts/start.mjs` run by hand on an
// older machine Node uses it too.
const LOCAL_NODE = path.resolve("node_modules/node/bin/node");
const runtime = Number(process.versions.node.split(".")[0]) >= 24 ? process.execPath : existsSync(LOCAL_NODE) ? LOCAL_NODE : null;
if (!runtime) {
  console.error(`Node ${process.versions.node} has reached its end of life: run npm ci (it installs Node 24) or install Node 24 or newer.`);
  process.exit(1);
}

if (!existsSync(".next/BUILD_ID") || !existsSync("dist/server.mjs")) {
  console.log("No production build found: running npm run build (first start only)…");
  const r = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function demoSecrets() {
  const file = ".data/platform-demo-secrets.json";
  if (existsSync(file)) return JSON.parse(readFileSync(file, "utf8"));
  const make = () => randomBytes(18).toString("base64url");
  const secrets = { apiPassword: make(), adminPassword: make(), webhookSecret: make() };
  mkdirSync(".data", { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, JSON.stringify(secrets, null, 2) + "\n", { mode: 0o600, flag: "wx" });
  } catch (err) {
    if (err.code === "EEXIST") return JSON.parse(readFileSync(file, "utf8")); // the other process made them first
    throw err;
  }
  return secrets;
}

const extra = {};
const fill = (name, value) => {
  if (!process.env[name]) extra[name] = value;
};
if (mode) {
  const s = demoSecrets();
  fill("PLATFORM_API_USER", "storefront");
  fill("PLATFORM_API_PASSWORD", s.apiPassword);
  fill("PLATFORM_WEBHOOK_SECRET", s.webhookSecret);
  if (mode === "dashboard") {
    fill("PLATFORM_ROLE", "dashboard");
    fill("PORT", "3001");
    fill("DATA_DIR", ".data/dashboard-pglite");
    fill("PLATFORM_ADMIN_USER", "admin");
    fill("PLATFORM_ADMIN_PASSWORD", s.adminPassword);
    fill("PLATFORM_WEBHOOK_URLS", `http://127.0.0.1:${process.env.STOREFRONT_PORT ?? 3000}/api/platform/webhook`);
  } else {
    fill("PLATFORM_API_URL", "http://127.0.0.1:3001");
  }
  console.log(`${mode}: platform credentials from .data/platform-demo-secrets.json where not set in the environment`);
}

const child = spawn(runtime, ["--enable-source-maps", "dist/server.mjs"], {
  stdio: "inherit",
  env: { ...MALLOC_ENV, ...process.env, ...extra, NODE_ENV: "production" },
});
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
