import { defineConfig, devices } from "@playwright/test";
import { TEST_NOW } from "./e2e/clock";

const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Debian's Chromium, never a downloaded browser; flags that work on this machine (docs/design.md). */
const chromium = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // each spec's time, for the slowest in `npm test`'s summary (scripts/lib/test-timings.mjs)
  reporter: [["list"], ["./e2e/timings-reporter.ts"]],
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    launchOptions: chromium,
    trace: "off",
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], launchOptions: chromium }, grepInvert: /@mobile/ },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions: chromium }, grep: /@mobile/ },
  ],
  webServer: {
    // a fresh embedded database for every run, separate from the one `npm start` uses
    // the production server (dist/server.mjs: Next behind the edge and the page microcache)
    command: `rm -rf .data/e2e .data/e2e.lock .data/e2e.lock.pid .data/e2e-outbox .data/e2e-photos .data/e2e-image-cache && node dist/server.mjs`,
    // TRUST_PROXY=1: the fuzz tests speak as many clients (X-Forwarded-For), browsers as one.
    // The browser tests send about 30 leads from that one address: the limit they rely on is set here,
    // and the clock they rely on (e2e/clock.ts).
    env: {
      DATA_DIR: ".data/e2e",
      MALLOC_ARENA_MAX: "2", // as npm start runs it
      LOG_LEVEL: "warn",
      PORT: String(PORT),
      NODE_ENV: "production",
      APP_ENV: "test",
      TEST_NOW,
      TRUST_PROXY: "1",
      LEAD_RATE_LIMIT: "100",
      // the account tests sign up and in a dozen times from one address, and read their mail here
      AUTH_RATE_LIMIT: "200",
      OUTBOX_DIR: ".data/e2e-outbox",
      // the alert test waits for a digest after a price drop: a round every 2 s (5 minutes in production)
      ALERTS_INTERVAL_SECONDS: "2",
      PHOTO_DIR: ".data/e2e-photos",
      IMAGE_CACHE_DIR: ".data/e2e-image-cache",
      // the browsers are one client that opens hundreds of pages with fresh photos: the per-client
      // limit on new photo sizes (a bound for strangers, tested in the image service's unit tests and the probe) is lifted
      IMAGE_MISS_RATE_LIMIT: "1000000",
      // a request that never finishes is let go after this (the security test waits for it)
      REQUEST_TIMEOUT_SECONDS: "15",
    },
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
