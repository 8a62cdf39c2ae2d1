import "server-only";

/**
 * Fail fast while the database is down (a 503 took 5–9 s). Once a request has met a
 * connection error, or a ping has failed, the database counts as down: `check()` refuses at once
 * (with a connection error code, so the answer is the usual 503) instead of waiting for another
 * connect timeout, and a ping every PROBE_EVERY_MS brings it back as soon as it answers.
 */
export const PROBE_EVERY_MS = 1000;
export const PING_TIMEOUT_MS = 1500;
/** a query still running after this long has the database pinged: a server that does not answer fails it */
export const SLOW_QUERY_MS = 3000;
export const DATABASE_DOWN = "DATABASE_DOWN";

export class DatabaseDownError extends Error {
  readonly code = DATABASE_DOWN;
  constructor() {
    super("The database is not answering.");
  }
}

export type DatabaseHealth = {
  /** true while the database is known to be down (no waiting) */
  readonly down: boolean;
  /** throws DatabaseDownError while the database is known to be down */
  check(): void;
  /** a connection error met by a request: down until a ping answers */
  noteConnectionError(): void;
  /**
   * up right now? Known down: false at once; else a ping within PING_TIMEOUT_MS. With `since` (a
   * request's start, Date.now()): also false when the database was down at any moment since, because
   * what that request failed on was the outage, even if a probe found the server back a moment later.
   */
  isUp(since?: number): Promise<boolean>;
  /**
   * A query, watched: still running after SLOW_QUERY_MS, the database is pinged, and if it does not
   * answer (a frozen or unreachable server, where a query on an open connection would wait for ever)
   * the query fails with DatabaseDownError and the database counts as down. Known down: it fails at once.
   */
  watch<T>(query: PromiseLike<T>): Promise<T>;
  stop(): void;
};

export function databaseHealth(
  ping: () => Promise<void>,
  opts: { probeEveryMs?: number; pingTimeoutMs?: number; slowQueryMs?: number } = {},
): DatabaseHealth {
  const every = opts.probeEveryMs ?? PROBE_EVERY_MS;
  const timeoutMs = opts.pingTimeoutMs ?? PING_TIMEOUT_MS;
  const slowMs = opts.slowQueryMs ?? SLOW_QUERY_MS;
  let down = false;
  /** when a probe last found it back (Date.now()) */
  let upAgainAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;

  const pingInTime = async (): Promise<boolean> => {
    let t: NodeJS.Timeout | undefined;
    try {
      await Promise.race([ping(), new Promise<never>((_, reject) => (t = setTimeout(() => reject(new Error("ping timeout")), timeoutMs)))]);
      return true;
    } catch {
      return false;
    } finally {
      clearTimeout(t);
    }
  };
  const markDown = () => {
    down = true;
    if (timer) return;
    const probe = async () => {
      if (await pingInTime()) {
        down = false;
        upAgainAt = Date.now();
        timer = undefined;
      } else timer = setTimeout(() => void probe(), every).unref();
    };
    // the first probe at once: a connection error can be stale (the driver's, from before the server
    // came back), and then the database is up again within a ping instead of a second of 503s
    timer = setTimeout(() => void probe(), 0).unref();
  };

  return {
    get down() {
      return down;
    },
    check() {
      if (down) throw new DatabaseDownError();
    },
    noteConnectionError: markDown,
    async isUp(since?: number) {
      if (down || (since !== undefined && upAgainAt >= since)) return false;
      const up = await pingInTime();
      if (!up) markDown();
      return up;
    },
    watch<T>(query: PromiseLike<T>): Promise<T> {
      // known down: no query waits for a connection (the driver's own query is never started)
      if (down) return Promise.reject(new DatabaseDownError());
      return new Promise<T>((resolve, reject) => {
        let settled = false;
        const slow = setTimeout(() => {
          void pingInTime().then((up) => {
            if (up || settled) return;
            markDown();
            settled = true;
            reject(new DatabaseDownError());
          });
        }, slowMs);
        query.then(
          (v) => {
            clearTimeout(slow);
            if (settled) return;
            settled = true;
            resolve(v);
          },
          (e: unknown) => {
            clearTimeout(slow);
            if (settled) return;
            settled = true;
            reject(e instanceof Error ? e : new Error(String(e)));
          },
        );
      });
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
