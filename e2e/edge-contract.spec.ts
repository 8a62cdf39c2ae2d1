import type { ChildProcess } from "node:child_process";
import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import type { APIRequestContext, APIResponse } from "@playwright/test";
import { expect, test } from "./fixtures";
import { PORT } from "./fixtures";
import { TEST_NOW } from "./clock";
import { stopServer, waitForHealth } from "../scripts/lib/server-process";
import { isApiPath } from "../src/domain/http/request";

/*
 * One contract for the two ways the built app is served: behind our edge (dist/server.mjs, the
 * suite's server) and under `next start`, where src/proxy.ts names the tenant and next.config.ts
 * adds the headers. The same requests must get the same statuses, redirects and security headers.
 * The CSP is compared by its fixed directives: the edge adds a site's widget origins, and serves
 * stored copies with their scripts' hashes instead of a nonce. The page CSP is a page's: on an API
 * path the edge answers its errors in JSON (no page CSP) where Next alone writes an HTML 404.
 */
const NEXT_PORT = PORT + 50;
const DIR = `.data/e2e-next-start-${PORT}`;
let nextStart: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await rm(DIR, { recursive: true, force: true });
  nextStart = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(NEXT_PORT)], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      APP_ENV: "test",
      TEST_NOW,
      LOG_LEVEL: "warn",
      MALLOC_ARENA_MAX: "2",
      PORT: String(NEXT_PORT),
      DATA_DIR: `${DIR}/db`,
      OUTBOX_DIR: `${DIR}/outbox`,
      PHOTO_DIR: `${DIR}/photos`,
      IMAGE_CACHE_DIR: `${DIR}/image-cache`,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForHealth(NEXT_PORT, { child: nextStart, timeoutMs: 140_000 });
});

test.afterAll(async () => {
  if (nextStart) await stopServer(nextStart);
  await rm(DIR, { recursive: true, force: true });
});

const SECURITY_HEADERS = [
  "x-content-type-options",
  "referrer-policy",
  "permissions-policy",
  "x-frame-options",
  "strict-transport-security",
];
/** The CSP's directives that name no site's widgets and do not depend on how the page was drawn. */
const FIXED_DIRECTIVES = [
  "default-src",
  "script-src-attr",
  "style-src",
  "font-src",
  "worker-src",
  "object-src",
  "base-uri",
  "form-action",
  "frame-ancestors",
];

/** What the contract compares of an answer. */
async function answer(request: APIRequestContext, port: number, host: string, path: string) {
  const res: APIResponse = await request.get(`http://127.0.0.1:${port}${path}`, { headers: { Host: host }, maxRedirects: 0 });
  const h = res.headers();
  const html = /text\/html/.test(h["content-type"] ?? "") && !isApiPath(path);
  const csp = new Map((h["content-security-policy"] ?? "").split("; ").map((d) => [d.split(" ")[0]!, d] as const));
  const scripts = csp.get("script-src") ?? "";
  return {
    status: res.status(),
    location: h.location ?? null,
    headers: Object.fromEntries(SECURITY_HEADERS.map((name) => [name, h[name] ?? null])),
    // a page's CSP: its fixed directives, and scripts allowed only by a nonce or by their hashes
    csp: html
      ? {
          fixed: FIXED_DIRECTIVES.map((d) => csp.get(d) ?? null),
          upgrades: csp.has("upgrade-insecure-requests"),
          scripts: /'nonce-[^']+' 'strict-dynamic'|'sha256-/.test(scripts) && !/unsafe-inline/.test(scripts),
        }
      : null,
  };
}

const parkside = "parkside-motor-group.localhost";

const REQUESTS: Array<[string, string, string]> = [
  ["a tenant's home", parkside, "/"],
  ["a tenant's search", parkside, "/search/new-used-and-demo-cars"],
  ["a page a site redirects", "outback-truck-centre.localhost", "/finance-pre-approval"],
  ["a page that asks a shopper to sign in", parkside, "/my-garage"],
  ["an unknown tenant", "no-such-dealer.localhost", "/"],
  ["an unknown domain", "www.unknown-dealer.com.au", "/"],
  ["a tenant's own domain", "www.tasmancampers.co.nz", "/"],
  ["the back-office host", "admin.localhost", "/"],
  ["the back-office's sign-in", "admin.localhost", "/sign-in"],
  ["an API path", parkside, "/api/vehicles?site=parkside-motor-group"],
  ["an API path no route has", parkside, "/api/no-such-route"],
  ["an API method a route lacks", parkside, "/api/leads"],
  ["another tenant's /sites/… path asked directly", parkside, "/sites/tasman-campers"],
  ["a /sites/… path with a domain", parkside, "/sites/www.tasmancampers.co.nz/contact"],
  ["a Host in capitals", "PARKSIDE-MOTOR-GROUP.LOCALHOST", "/"],
  ["a Host with a port", `${parkside}:${PORT}`, "/"],
  ["a Host by address (the default site)", "127.0.0.1", "/"],
  ["a Host with a trailing dot", `${parkside}.`, "/"],
  ["a domain without www", "tasmancampers.co.nz", "/dealerships"],
  ["the icon sprite", parkside, "/icons.svg"],
];

test("a vehicle page answers alike behind the edge and under next start", async ({ request }) => {
  const search = await request.get(`http://127.0.0.1:${PORT}/search/new-used-and-demo-cars`, { headers: { Host: parkside } });
  const link = /href="(\/(?:cars|motorcycles|campers|vehicles)\/[a-z0-9-]+)"/.exec(await search.text())?.[1];
  expect(link, "a vehicle link on the search page").toBeTruthy();
  const edge = await answer(request, PORT, parkside, link!);
  expect(edge.status).toBe(200);
  expect(await answer(request, NEXT_PORT, parkside, link!)).toEqual(edge);
});

for (const [what, host, path] of REQUESTS)
  test(`${what} (${host} ${path}) answers alike behind the edge and under next start`, async ({ request }) => {
    const edge = await answer(request, PORT, host, path);
    const next = await answer(request, NEXT_PORT, host, path);
    expect(next).toEqual(edge);
  });
