import postgres from "postgres";
import { describe, expect, test } from "vitest";
import { openDatabase } from "@/server/db/client";
import { env } from "@/server/base/env";
import { createEmptyPostgresDatabase } from "@/server/testing/test-db";
import { createMemoryRateLimiter, createPostgresRateLimiter, PURGE_EVERY_MS, RATE_LIMIT_APP_NAME } from "./rate-limit";

const PG = env().TEST_DATABASE_URL;

describe("rate limits", () => {
  test("a fixed budget per key; a refunded point can be used again", async () => {
    const l = createMemoryRateLimiter({ limit: 2, windowMs: 60_000 });
    expect(await l.take("a")).toEqual({ ok: true });
    await l.refund("a"); // that one did not count (a 422)
    expect(await l.take("a")).toEqual({ ok: true });
    expect(await l.take("a")).toEqual({ ok: true });
    const refused = await l.take("a");
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.retryAfter).toBeGreaterThan(0);
    expect(await l.take("b")).toEqual({ ok: true });
  });

  test("peek says whether one more point would be refused, and counts nothing", async () => {
    const l = createMemoryRateLimiter({ limit: 2, windowMs: 60_000 });
    expect(await l.peek("a")).toEqual({ ok: true });
    expect(await l.peek("a")).toEqual({ ok: true });
    await l.take("a");
    expect(await l.peek("a")).toEqual({ ok: true });
    await l.take("a");
    const full = await l.peek("a");
    expect(full.ok).toBe(false);
    expect(!full.ok && full.retryAfter).toBeGreaterThan(0);
    expect(await l.peek("b")).toEqual({ ok: true });
  });

  test.skipIf(!PG)(
    "on PostgreSQL the budget is shared by every process",
    async () => {
      const empty = await createEmptyPostgresDatabase(PG!);
      const database = await openDatabase({ driver: "postgres", url: empty.url, max: 2 }); // migrates: creates rate_limits
      const admin = postgres(empty.url, { max: 1, onnotice: () => {} });
      try {
        // two app processes, each with its own limiter, one database
        const one = createPostgresRateLimiter({ limit: 3, windowMs: 60_000, url: empty.url });
        const two = createPostgresRateLimiter({ limit: 3, windowMs: 60_000, url: empty.url });
        expect((await one.take("site|10.0.0.1")).ok).toBe(true);
        expect((await two.take("site|10.0.0.1")).ok).toBe(true);
        expect((await one.take("site|10.0.0.1")).ok).toBe(true);
        expect((await two.take("site|10.0.0.1")).ok).toBe(false);
        expect((await one.take("site|10.0.0.2")).ok).toBe(true);
        const refused = await two.take("site|10.0.0.1");
        expect(!refused.ok && refused.retryAfter).toBeGreaterThan(50); // the window opened a moment ago
        // a refunded point can be used again (a 422 stores nothing); a closed window starts afresh
        let now = Date.now();
        const short = createPostgresRateLimiter({ limit: 1, windowMs: 700, url: empty.url, prefix: "short", now: () => now });
        expect((await short.take("k")).ok).toBe(true);
        await short.refund("k");
        expect((await short.take("k")).ok).toBe(true);
        expect((await short.take("k")).ok).toBe(false);
        // peek reads the same count without adding to it
        expect((await short.peek("k")).ok).toBe(false);
        expect((await short.peek("other")).ok).toBe(true);
        now += 800;
        expect((await short.peek("k")).ok).toBe(true);
        expect((await short.take("k")).ok).toBe(true);
        // closed windows are deleted: the table does not grow with every client ever seen
        const rows = async () => (await admin<{ n: number }[]>`select count(*)::int as n from rate_limits`)[0]!.n;
        expect(await rows()).toBe(3);
        now += 800;
        expect(await short.purgeExpired()).toBe(1); // "short:k"; the minute-long windows stay
        expect(await rows()).toBe(2);
        // …and without being asked, once PURGE_EVERY_MS has passed, in the background of a request
        now += PURGE_EVERY_MS + 60_000;
        expect((await short.take("fresh")).ok).toBe(true);
        await expect.poll(rows).toBe(1); // only "short:fresh"
        // the three limiters share one pool of two connections, which closes with the last of them
        await Promise.all(Array.from({ length: 12 }, (_, i) => [one, two, short][i % 3]!.take(`burst-${i}`)));
        const connections = async () =>
          (
            await admin<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where application_name = ${RATE_LIMIT_APP_NAME}`
          )[0]!.n;
        expect(await connections()).toBe(2);
        await one.close();
        await two.close();
        expect(await connections()).toBe(2);
        await short.close();
        await expect.poll(connections).toBe(0);
      } finally {
        await admin.end();
        await database.close();
        await empty.drop();
      }
    },
    60_000,
  );
});
