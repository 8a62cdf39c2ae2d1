import "server-only";
import { log } from "@/server/base/log";

export type PollingWorker = { wake: () => void; stop: () => Promise<void> };

/**
 * A background worker of this process: runs `round` every `intervalMs` and soon after `wake()`
 * (calls close together make one round, `wakeDelayMs` later), never two rounds at once, and again
 * at once while a round says more is waiting. `stop()` waits for the round in flight.
 */
export function pollingWorker(o: { name: string; intervalMs: number; wakeDelayMs: number; round: () => Promise<boolean> }): PollingWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const run = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        try {
          if (await o.round()) again = true;
        } catch (err) {
          log.warn({ err: (err as Error).message }, `${o.name}: a round failed`);
        }
      } while (again && !stopped);
    })().finally(() => (running = null));
  };
  const timer = setInterval(run, o.intervalMs);
  timer.unref();
  run();
  let soon: NodeJS.Timeout | null = null;
  return {
    wake: () => {
      soon ??= setTimeout(() => {
        soon = null;
        run();
      }, o.wakeDelayMs);
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      if (soon) clearTimeout(soon);
      await running;
    },
  };
}
