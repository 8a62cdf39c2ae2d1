import "server-only";
import postgres from "postgres";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { POSTGRES_TIMEOUTS } from "@/server/db/client";

export type LimitResult = { ok: true } | { ok: false; retryAfter: number };

/** A fixed window of `limit` points per key, with points given back for requests that did not count. */
export type RateLimiter = {
  /** counts `points` (default 1: one request; a batch may count each of its items) */
  take(key: string, points?: number): Promise<LimitResult>;
  /** gives a point back (a refused submission that stored nothing must not use up the budget) */
  refund(key: string): Promise<void>;
  /** releases the store's connections (tests, shutdown) */
  close(): Promise<void>;
};

function wrap(limiter: RateLimiterAbstract): RateLimiter {
  return {
    close: async () => {},
    async take(key, points = 1) {
      try {
        await limiter.consume(key, points);
        return { ok: true };
      } catch (e) {
        if (e instanceof RateLimiterRes) return { ok: false, retryAfter: Math.max(1, Math.ceil(e.msBeforeNext / 1000)) };
        throw e; // the store failed: the caller decides (never a silent pass)
      }
    },
    async refund(key) {
      await limiter.reward(key, 1).catch(() => {});
    },
  };
}

/** In this process only (the embedded database is one process anyway). */
export function createMemoryRateLimiter(opts: { limit: number; windowMs: number; prefix?: string }): RateLimiter {
  return wrap(new RateLimiterMemory({ points: opts.limit, duration: Math.ceil(opts.windowMs / 1000), keyPrefix: opts.prefix ?? "rl" }));
}

/**
 * Counters in PostgreSQL's `rate_limits` table (created by our migrations), so that the limit
 * holds across every app process on one database: one prepared upsert per request (issue 17: the
 * library's store on a second driver cost a lead POST a tenth of its CPU). The same fixed window
 * as in memory: the first point opens a window of `windowMs`; beyond `limit` points the request
 * is refused until the window closes.
 */
export function createPostgresRateLimiter(opts: { limit: number; windowMs: number; url: string; prefix?: string }): RateLimiter {
  const sql = postgres(opts.url, {
    max: 4,
    onnotice: () => {},
    ...POSTGRES_TIMEOUTS,
    // a counter is not worth a disk flush: without it a busy key's row is locked only while the
    // statement runs, not until the WAL reaches the disk (every lead from one address queued
    // behind one fsync); a crash forgets at most the last counts
    connection: { synchronous_commit: "off" },
  });
  const keyOf = (key: string) => `${opts.prefix ?? "rl"}:${key}`;
  return {
    close: () => sql.end({ timeout: 1 }),
    async take(key, points = 1) {
      const now = Date.now();
      const until = now + opts.windowMs;
      const [row] = await sql<{ points: number; expire: string }[]>`
        insert into rate_limits (key, points, expire) values (${keyOf(key)}, ${points}, ${until})
        on conflict (key) do update set
          points = case when rate_limits.expire is null or rate_limits.expire <= ${now} then ${points}::int else rate_limits.points + ${points}::int end,
          expire = case when rate_limits.expire is null or rate_limits.expire <= ${now} then ${until} else rate_limits.expire end
        returning points, expire`;
      if (row!.points <= opts.limit) return { ok: true };
      return { ok: false, retryAfter: Math.max(1, Math.ceil((Number(row!.expire) - now) / 1000)) };
    },
    async refund(key) {
      await sql`update rate_limits set points = greatest(points - 1, 0) where key = ${keyOf(key)}`.catch(() => {});
    },
  };
}

const g = globalThis as unknown as { __limiters?: Map<string, RateLimiter> };

/**
 * One limiter per purpose for the whole process: in PostgreSQL (shared by every process on it)
 * when there is a `databaseUrl`, else in memory. Tests replace one by setting it in `limiters()`.
 */
export function sharedLimiter(prefix: string, opts: { limit: number; windowMs: number; databaseUrl?: string }): RateLimiter {
  const map = limiters();
  let l = map.get(prefix);
  if (!l) {
    l = opts.databaseUrl
      ? createPostgresRateLimiter({ limit: opts.limit, windowMs: opts.windowMs, url: opts.databaseUrl, prefix })
      : createMemoryRateLimiter({ limit: opts.limit, windowMs: opts.windowMs, prefix });
    map.set(prefix, l);
  }
  return l;
}

export const limiters = (): Map<string, RateLimiter> => (g.__limiters ??= new Map());
