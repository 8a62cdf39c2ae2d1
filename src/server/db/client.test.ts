import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import type postgres from "postgres";
import { POSTGRES_TIMEOUTS, RECONNECT_MAX_SECONDS, preparing, reconnectDelaySeconds } from "./client";
import { databaseHealth } from "./health";

test.each([
  // failures, random, seconds
  [1, 0, 0.01],
  [1, 1, 0.02],
  [2, 1, 0.04],
  [5, 1, 0.32],
  [6, 1, 0.5],
  [6, 0, 0.25],
  [30, 1, 0.5],
  [10_000, 1, 0.5],
  [0, 1, 0.02],
])("after %i failed connects (random %d) a connection waits %d s before the next", (failures, random, seconds) =>
  expect(reconnectDelaySeconds(failures, () => random)).toBeCloseTo(seconds, 6),
);

test("the pools' backoff never exceeds the bound, however long the outage", () => {
  for (let failures = 0; failures <= 200; failures++)
    expect(POSTGRES_TIMEOUTS.backoff(failures)).toBeLessThanOrEqual(RECONNECT_MAX_SECONDS);
});

/** Every .ts file under `dir`, tests left out. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const p = path.join(dir, d.name);
    if (d.isDirectory()) return sources(p);
    return /\.tsx?$/.test(d.name) && !/\.test\.tsx?$/.test(d.name) ? [p] : [];
  });
}

test("every PostgreSQL pool the app opens takes POSTGRES_TIMEOUTS (the bounded reconnect backoff with it)", () => {
  // (src/server/testing creates and drops the tests' databases: not the app's)
  const pools = sources("src")
    .filter((file) => !file.startsWith(path.join("src", "server", "testing")))
    .flatMap((file) => {
      const text = readFileSync(file, "utf8");
      // a call's arguments: from `postgres(url, ` to its closing parenthesis
      return [...text.matchAll(/\bpostgres\([\w.]+,/g)].map((m) => {
        let depth = 0;
        let end = m.index;
        for (; end < text.length; end++) {
          if (text[end] === "(") depth++;
          else if (text[end] === ")" && --depth === 0) break;
        }
        return { file, call: text.slice(m.index, end) };
      });
    });
  expect(pools.length).toBeGreaterThanOrEqual(3); // the app's, the rate limiter's, the change bus's
  for (const { file, call } of pools) expect(call, file).toContain("...POSTGRES_TIMEOUTS");
});

test.each([
  // what the query failed with, whether the database then counts as down
  ["57P01", "terminating connection due to administrator command", true],
  ["57P03", "the database system is shutting down", true],
  ["CONNECTION_CLOSED", "write CONNECTION_CLOSED", true],
  ["ECONNRESET", "read ECONNRESET", true],
  ["23505", "duplicate key value violates unique constraint", false],
  ["42P01", "relation does not exist", false],
])("a query failing with %s (%s) marks the database down: %s (its page answers 503, not 500)", async (code, message, down) => {
  // as drizzle throws it: its own error, the driver's as the cause
  const error = Object.assign(new Error("Failed query"), { cause: Object.assign(new Error(message), { code }) });
  const health = databaseHealth(async () => {});
  // the driver's query: started when awaited, failing as the driver would
  const query = { values: () => query, then: (_ok: unknown, fail: (e: unknown) => unknown) => Promise.resolve(fail(error)) };
  const sql = { unsafe: () => query } as unknown as postgres.Sql;
  await expect(preparing(sql, health).unsafe("select 1")).rejects.toBeDefined();
  expect(health.down).toBe(down);
  health.stop();
});

test.each([
  [undefined, "16MB"],
  [8, "8MB"],
])("the embedded database opens with a buffer pool of %s MB → %s (its own default, 160 MB, is resident in full)", async (mb, shown) => {
  const { openDatabase } = await import("./client");
  const { sql } = await import("drizzle-orm");
  const database = await openDatabase({ driver: "pglite", memory: true, sharedBuffersMb: mb });
  try {
    const rows = (await database.db.execute(sql`show shared_buffers`)) as unknown as { rows: Array<{ shared_buffers: string }> };
    expect(rows.rows[0]!.shared_buffers).toBe(shown);
  } finally {
    await database.close();
  }
});
