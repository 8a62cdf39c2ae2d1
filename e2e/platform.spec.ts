import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { DEMO_SLUGS, expect, test } from "./fixtures";
import { startServer, stopServer } from "../scripts/lib/server-process";
import { TEST_NOW } from "./clock";

/*
 * Two processes, one platform: a dashboard (PLATFORM_ROLE=dashboard, the data API only,
 * its own database) and a storefront (PLATFORM_API_URL) on loopback, started here from the same
 * production build as every browser test. The storefront's database holds the same demo seed, so
 * whatever the dashboard changes can only reach the storefront through the API.
 */
const DASHBOARD_PORT = 3110;
const STOREFRONT_PORT = 3111;
const DIR = ".data/e2e-platform";
const secrets = {
  PLATFORM_API_USER: "e2e-storefront",
  PLATFORM_API_PASSWORD: "e2e-reader-password",
  PLATFORM_WEBHOOK_SECRET: "e2e-webhook-secret-0123456789",
};
const ADMIN = { user: "e2e-admin", password: "e2e-admin-password" };
const common = { NODE_ENV: "production", APP_ENV: "test", TEST_NOW, LOG_LEVEL: "warn", ...secrets };

const dashboardEnv = {
  ...common,
  PORT: String(DASHBOARD_PORT),
  PLATFORM_ROLE: "dashboard",
  DATA_DIR: `${DIR}/dashboard-db`,
  PLATFORM_ADMIN_USER: ADMIN.user,
  PLATFORM_ADMIN_PASSWORD: ADMIN.password,
  PLATFORM_WEBHOOK_URLS: `http://127.0.0.1:${STOREFRONT_PORT}/api/platform/webhook`,
};
const storefrontEnv = {
  ...common,
  PORT: String(STOREFRONT_PORT),
  DATA_DIR: `${DIR}/storefront-db`,
  PLATFORM_API_URL: `http://127.0.0.1:${DASHBOARD_PORT}`,
  PLATFORM_CACHE_DIR: `${DIR}/storefront-cache`,
};

/** For the browser (Chromium resolves *.localhost). */
const url = (slug: string, path: string) => `http://${slug}.localhost:${STOREFRONT_PORT}${path}`;
/** For Node-side requests, which do not resolve *.localhost: the tenant goes in the Host header. */
const onStorefront = (slug: string, path: string) =>
  [`http://127.0.0.1:${STOREFRONT_PORT}${path}`, { headers: { host: `${slug}.localhost:${STOREFRONT_PORT}` } }] as const;

/** A server with these settings (its DATA_DIR kept as it is: a restart finds its data). */
const start = (env: Record<string, string>) => startServer({ port: Number(env.PORT), env });
const stop = async (child: ChildProcess | undefined) => (child ? stopServer(child) : undefined);

const week = (monday: [string, string]) =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) =>
    weekday === 0
      ? { weekday, status: "Closed", open: null, close: null }
      : { weekday, status: "Open", open: weekday === 1 ? monday[0] : "09:00", close: weekday === 1 ? monday[1] : "17:00" },
  );

let dashboard: ChildProcess | undefined;
let storefront: ChildProcess | undefined;

test.describe.configure({ mode: "serial" });
test.describe("dashboard and storefront on loopback", () => {
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    rmSync(DIR, { recursive: true, force: true });
    [dashboard, storefront] = await Promise.all([start(dashboardEnv), start(storefrontEnv)]);
  });
  test.afterAll(async () => {
    await Promise.all([stop(dashboard), stop(storefront)]);
    rmSync(DIR, { recursive: true, force: true });
  });

  test("the dashboard serves the data API only", async ({ request }) => {
    const res = await request.get(`http://127.0.0.1:${DASHBOARD_PORT}/api/v1/websites/1001/website_session_data.json`);
    expect(res.status()).toBe(200);
    expect((await res.json()).locations.length).toBeGreaterThan(0);
    expect(
      (await request.get(`http://127.0.0.1:${DASHBOARD_PORT}/`, { headers: { host: "parkside-motor-group.localhost" } })).status(),
    ).toBe(404);
  });

  test("the storefront serves all seven demo sites through the API", async ({ request }) => {
    for (const slug of DEMO_SLUGS) {
      const home = await request.get(...onStorefront(slug, "/"));
      expect(home.status(), slug).toBe(200);
      expect((await request.get(...onStorefront(slug, "/dealerships"))).status(), slug).toBe(200);
    }
  });

  test("an opening hour changed on the dashboard shows on the storefront at the next page view (signed webhook), no restart", async ({
    page,
    request,
  }) => {
    await page.goto(url("parkside-motor-group", "/our-location/parkside-mazda"));
    const monday = page.getByRole("row", { name: /^Monday/ }).first();
    await expect(monday).toContainText("9:00 am - 5:00 pm");

    const put = await request.put(`http://127.0.0.1:${DASHBOARD_PORT}/api/v1/websites/1001/locations/10012/opening_hours.json`, {
      headers: { authorization: `Basic ${Buffer.from(`${ADMIN.user}:${ADMIN.password}`).toString("base64")}` },
      data: { opening_hours: week(["08:15", "18:45"]) },
    });
    expect(put.status()).toBe(200);
    expect(put.headers()["x-platform-webhooks"]).toBe("delivered=1; failed=0");

    // docs/features/platform-api.md's bound with the webhook: the very next page view (one reload, no polling)
    await page.reload();
    await expect(monday).toContainText("8:15 am - 6:45 pm");
  });

  test("the dashboard down: what the storefront fetched keeps serving from its cache, even after a restart; with nothing cached, a clear 503 until the dashboard returns", async ({
    page,
    request,
  }) => {
    // three server starts on a busy 2-core machine: more than the default 30 s (no assertion is timed)
    test.setTimeout(120_000);
    await request.get(...onStorefront("parkside-motor-group", "/search/used-cars/mazda")); // cached while up
    await stop(dashboard);
    storefront = await stop(storefront).then(() => start(storefrontEnv)); // a restart: only the disk cache is left

    await page.goto(url("parkside-motor-group", "/our-location/parkside-mazda"));
    await expect(page.getByRole("row", { name: /^Monday/ }).first()).toContainText("8:15 am - 6:45 pm");
    expect((await request.get(...onStorefront("parkside-motor-group", "/search/used-cars/mazda"))).status()).toBe(200);

    // a storefront with nothing cached (its cache wiped, restarted) and the dashboard down: a clear error page
    await page.goto("about:blank"); // no open page keeps calling a server that is about to stop
    await stop(storefront);
    rmSync(storefrontEnv.PLATFORM_CACHE_DIR, { recursive: true, force: true });
    storefront = await start(storefrontEnv);
    const down = await page.goto(url("parkside-motor-group", "/"));
    expect(down!.status()).toBe(503);
    expect(down!.headers()["retry-after"]).toBeTruthy();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We’ll be right back");

    // the dashboard returns: the storefront recovers on the next request, without a restart
    dashboard = await start(dashboardEnv);
    const back = await page.goto(url("parkside-motor-group", "/"));
    expect(back!.status()).toBe(200);
  });
});
