import "server-only";
import postgres from "postgres";
import { RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { POSTGRES_TIMEOUTS } from "@/server/db/client";
import { HttpError } from "@/server/http/api";
import { remember } from "@/server/base/remember";

export type LimitResult = { ok: true } | { ok: false; retryAfter: number };

/** A fixed window of `limit` points per key, with points given back for requests that did not count. */
export type RateLimiter = {
  /** counts `points` (default 1: one request; a batch may count each of its items) */
  take(key: string, points?: number): Promise<LimitResult>;
  /** gives a point back (a refused submission that stored nothing must not use up the budget) */
  refund(key: string): Promise<void>;
  /** whether one more point would be refused, counting nothing (a limit on failures checks before trying) */
  peek(key: string): Promise<LimitResult>;
  /** releases the store's connections (tests, shutdown) */
  close(): Promise<void>;
};

function wrap(limiter: RateLimiterAbstract): RateLimiter {
  return {
    async peek(key) {
      const r = await limiter.get(key);
      return r && r.consumedPoints >= limiter.points
        ? { ok: false, retryAfter: Math.max(1, Math.ceil(r.msBeforeNext / 1000)) }
        : { ok: true };
    },
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

/** How often a process deletes the counters whose window has closed (a key is a client: the table would only grow). */
export const PURGE_EVERY_MS = 60_000;
/** The limiters' connections name themselves (pg_stat_activity shows what holds a connection). */
export const RATE_LIMIT_APP_NAME = "rate-limits";

type Pool = { sql: postgres.Sql; users: number; lastPurge: number };
const pools = new Map<string, Pool>();

/**
 * One small pool per database for every limiter of the process (two connections: a counter is
 * one short statement), shared by purpose and released when its last limiter closes.
 */
function poolFor(url: string): Pool {
  let pool = pools.get(url);
  if (!pool) {
    pool = {
      sql: postgres(url, {
        max: 2,
        onnotice: () => {},
        ...POSTGRES_TIMEOUTS,
        // a counter is not worth a disk flush: without it a busy key's row is locked only while the
        // statement runs, not until the WAL reaches the disk (every lead from one address queued
        // behind one fsync); a crash forgets at most the last counts
        connection: { synchronous_commit: "off", application_name: RATE_LIMIT_APP_NAME },
      }),
      users: 0,
      lastPurge: 0,
    };
    pools.set(url, pool);
  }
  pool.users++;
  return pool;
}

/** Deletes every counter whose window closed before `now` (any purpose); the number deleted. */
async function purge(sql: postgres.Sql, now: number): Promise<number> {
  const rows = await sql`delete from rate_limits where expire is null or expire <= ${now} returning 1`;
  return rows.length;
}

export type PostgresRateLimiter = RateLimiter & {
  /** deletes the closed windows now (the limiter also does so itself every PURGE_EVERY_MS) */
  purgeExpired(): Promise<number>;
};

/**
 * Counters in PostgreSQL's `rate_limits` table (created by our migrations), so that the limit
 * holds across every app process on one database: one prepared upsert per request (the library's
 * store on a second driver cost a lead POST a tenth of its CPU). The same fixed window as in
 * memory: the first point opens a window of `windowMs`; beyond `limit` points the request is
 * refused until the window closes. Closed windows are deleted at most every PURGE_EVERY_MS, in the
 * background of a request.
 */
export function createPostgresRateLimiter(opts: {
  limit: number;
  windowMs: number;
  url: string;
  prefix?: string;
  /** the clock (tests move it instead of waiting) */
  now?: () => number;
}): PostgresRateLimiter {
  const pool = poolFor(opts.url);
  const { sql } = pool;
  const clock = opts.now ?? Date.now;
  const keyOf = (key: string) => `${opts.prefix ?? "rl"}:${key}`;
  let closed = false;
  return {
    async close() {
      if (closed) return;
      closed = true;
      if (--pool.users > 0) return;
      pools.delete(opts.url);
      await sql.end({ timeout: 1 });
    },
    purgeExpired: () => purge(sql, clock()),
    async take(key, points = 1) {
      const now = clock();
      const until = now + opts.windowMs;
      if (now - pool.lastPurge >= PURGE_EVERY_MS) {
        pool.lastPurge = now;
        purge(sql, now).catch(() => (pool.lastPurge = 0)); // tried again on a later request
      }
      const [row] = await sql<{ points: number; expire: string }[]>`
        insert into rate_limits (key, points, expire) values (${keyOf(key)}, ${points}, ${until})
        on conflict (key) do update set
          points = case when rate_limits.expire is null or rate_limits.expire <= ${now} then ${points}::int else rate_limits.points + ${points}::int end,
          expire = case when rate_limits.expire is null or rate_limits.expire <= ${now} then ${until} else rate_limits.expire end
        returning points, expire`;
      if (row!.points <= opts.limit) return { ok: true };
      return { ok: false, retryAfter: Math.max(1, Math.ceil((Number(row!.expire) - now) / 1000)) };
    },
    async peek(key) {
      const now = clock();
      const [row] = await sql<{ points: number; expire: string }[]>`
        select points, expire from rate_limits where key = ${keyOf(key)} and expire > ${now}`;
      if (!row || row.points < opts.limit) return { ok: true };
      return { ok: false, retryAfter: Math.max(1, Math.ceil((Number(row.expire) - now) / 1000)) };
    },
    async refund(key) {
      await sql`update rate_limits set points = greatest(points - 1, 0) where key = ${keyOf(key)}`.catch(() => {});
    },
  };
}

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

export const limiters = (): Map<string, RateLimiter> => remember("rate-limiters", () => new Map());

/** The client address our server put in x-real-ip (the socket's, or TRUST_PROXY hops from the right of X-Forwarded-For). */
export const clientAddressOf = (req: Request): string => req.headers.get("x-real-ip") ?? "unknown";

/**
 * Counts `points` against `key` or throws a 429 with Retry-After and `message`; the key, for a
 * refund when the request turns out not to count.
 */
export async function limitOrThrow(limiter: RateLimiter, key: string, message: string, points = 1): Promise<string> {
  const r = await limiter.take(key, points);
  if (!r.ok) throw new HttpError(429, message, { "retry-after": String(r.retryAfter) });
  return key;
}
