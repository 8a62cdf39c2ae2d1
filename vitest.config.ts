import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": fileURLToPath(new URL("./src", import.meta.url)),
      // tests run server modules directly, as the server does: the marker resolves as on React's server
      "server-only": fileURLToPath(new URL("./node_modules/server-only/empty.js", import.meta.url)),
    },
  },
  esbuild: { jsx: "automatic" },
  test: {
    include: ["src/**/*.test.{ts,tsx}", "scripts/**/*.test.ts"],
    environment: "node",
    setupFiles: ["./vitest.setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // route-handler tests open the app's own database: in memory, seeded, per test file
    env: {
      DATA_DIR: ":memory:",
      UPLOAD_DIR: ".data/test-uploads",
      PHOTO_DIR: ".data/test-photos",
      IMAGE_CACHE_DIR: ".data/test-image-cache",
      LOG_LEVEL: "silent",
      LEAD_RATE_LIMIT: "1000",
      AUTH_RATE_LIMIT: "1000",
      OUTBOX_DIR: ".data/test-outbox",
      // the platform data API's credentials in the route tests (src/server/platform)
      PLATFORM_API_USER: "test-storefront",
      PLATFORM_API_PASSWORD: "test-reader-password",
      PLATFORM_ADMIN_USER: "test-admin",
      PLATFORM_ADMIN_PASSWORD: "test-admin-password",
      PLATFORM_WEBHOOK_SECRET: "test-webhook-secret-0123456789",
    },
  },
});
