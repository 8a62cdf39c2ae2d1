/** A fixed-window counter per key (client + site), in this process. */
export function createRateLimiter(opts: { limit: number; windowMs: number; now?: () => number; maxKeys?: number }) {
  const now = opts.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** true when the request may go ahead; retryAfter in seconds otherwise */
    take(key: string): { ok: true } | { ok: false; retryAfter: number } {
      const t = now();
      let w = windows.get(key);
      if (!w || t - w.start >= opts.windowMs) {
        w = { start: t, count: 0 };
        windows.delete(key);
        windows.set(key, w);
        if (windows.size > (opts.maxKeys ?? 50_000)) windows.delete(windows.keys().next().value!);
      }
      if (w.count >= opts.limit) return { ok: false, retryAfter: Math.ceil((w.start + opts.windowMs - t) / 1000) };
      w.count++;
      return { ok: true };
    },
  };
}
