import "server-only";
import pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";

export type LimitResult = { ok: true } | { ok: false; retryAfter: number };

/** A fixed window of `limit` points per key, with points given back for requests that did not count. */
export type RateLimiter = {
  take(key: string): Promise<LimitResult>;
  /** gives a point back (a refused submission that stored nothing must not use up the budget) */
  refund(key: string): Promise<void>;
  /** releases the store's connections (tests, shutdown) */
  close(): Promise<void>;
};

function wrap(limiter: RateLimiterAbstract, close: () => Promise<void> = async () => {}): RateLimiter {
  return {
    close,
    async take(key) {
      try {
        await limiter.consume(key);
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
 * holds across every app process on one database.
 */
export function createPostgresRateLimiter(opts: { limit: number; windowMs: number; url: string; prefix?: string }): RateLimiter {
  const pool = new pg.Pool({ connectionString: opts.url, max: 4, connectionTimeoutMillis: 3000, idleTimeoutMillis: 30_000 });
  pool.on("error", () => {}); // an idle client lost with the server: the pool replaces it
  return wrap(
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      points: opts.limit,
      duration: Math.ceil(opts.windowMs / 1000),
      keyPrefix: opts.prefix ?? "rl",
    }),
    () => pool.end(),
  );
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
