import "server-only";

/**
 * Fail fast while the database is down (issue 31: a 503 took 5–9 s). Once a request has met a
 * connection error, or a ping has failed, the database counts as down: `check()` refuses at once
 * (with a connection error code, so the answer is the usual 503) instead of waiting for another
 * connect timeout, and a ping every PROBE_EVERY_MS brings it back as soon as it answers.
 */
export const PROBE_EVERY_MS = 1000;
export const PING_TIMEOUT_MS = 1500;
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
  /** up right now? Known down: false at once; else a ping within PING_TIMEOUT_MS */
  isUp(): Promise<boolean>;
  stop(): void;
};

export function databaseHealth(ping: () => Promise<void>, opts: { probeEveryMs?: number; pingTimeoutMs?: number } = {}): DatabaseHealth {
  const every = opts.probeEveryMs ?? PROBE_EVERY_MS;
  const timeoutMs = opts.pingTimeoutMs ?? PING_TIMEOUT_MS;
  let down = false;
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
        timer = undefined;
      } else timer = setTimeout(() => void probe(), every).unref();
    };
    timer = setTimeout(() => void probe(), every).unref();
  };

  return {
    get down() {
      return down;
    },
    check() {
      if (down) throw new DatabaseDownError();
    },
    noteConnectionError: markDown,
    async isUp() {
      if (down) return false;
      const up = await pingInTime();
      if (!up) markDown();
      return up;
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
