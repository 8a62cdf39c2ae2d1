import { describe, expect, test } from "vitest";
import { openDatabase } from "@/server/db/client";
import { env } from "@/server/env";
import { createEmptyPostgresDatabase } from "@/server/testing/test-db";
import { createMemoryRateLimiter, createPostgresRateLimiter } from "./rate-limit";

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

  test.skipIf(!PG)(
    "on PostgreSQL the budget is shared by every process",
    async () => {
      const empty = await createEmptyPostgresDatabase(PG!);
      const database = await openDatabase({ driver: "postgres", url: empty.url, max: 2 }); // migrates: creates rate_limits
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
        const short = createPostgresRateLimiter({ limit: 1, windowMs: 700, url: empty.url, prefix: "short" });
        expect((await short.take("k")).ok).toBe(true);
        await short.refund("k");
        expect((await short.take("k")).ok).toBe(true);
        expect((await short.take("k")).ok).toBe(false);
        await new Promise((r) => setTimeout(r, 800));
        expect((await short.take("k")).ok).toBe(true);
        await Promise.all([one.close(), two.close(), short.close()]);
      } finally {
        await database.close();
        await empty.drop();
      }
    },
    60_000,
  );
});
