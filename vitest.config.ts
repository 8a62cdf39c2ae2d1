import { fileURLToPath } from "node:url";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import PathSequencer from "./vitest.path-sequencer";

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
    globalSetup: ["./vitest.global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // each file's time, for the slowest in `npm test`'s summary (scripts/lib/test-timings.mjs)
    reporters: ["default", "./scripts/lib/vitest-timings.ts"],
    // Vitest's default is one fewer worker than cores: one on a 2-core machine, which left a core
    // idle once the static checks beside the unit tests (npm test) had finished. Each worker keeps
    // its own folders (vitest.setup.ts); the PostgreSQL run shares one app database and takes one
    // worker (package.json test:pg).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // on one shared PostgreSQL database the files run in a fixed order (vitest.path-sequencer.ts)
    ...(process.env.TEST_DATABASE_URL ? { sequence: { sequencer: PathSequencer } } : {}),
    // route-handler tests open the app's own database: in memory, seeded, per test file
    env: {
      DATA_DIR: ":memory:",
      // each file's in-memory database starts from a copy made once per run (vitest.global-setup.ts)
      TEST_MEMORY_DATABASE_FROM: ".data/test-memory",
      UPLOAD_DIR: ".data/test-uploads",
      PHOTO_DIR: ".data/test-photos",
      IMAGE_CACHE_DIR: ".data/test-image-cache",
      LOG_LEVEL: "silent",
      LEAD_RATE_LIMIT: "1000",
      AUTH_RATE_LIMIT: "1000",
      // what Next defines for the app when next.config.ts turns on authInterrupts (forbidden() throws without it)
      __NEXT_EXPERIMENTAL_AUTH_INTERRUPTS: "true",
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
