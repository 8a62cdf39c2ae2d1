import { afterEach, describe, expect, test, vi } from "vitest";
import { databaseHealth, DatabaseDownError } from "./health";

describe("databaseHealth: fail fast while the database is down", () => {
  afterEach(() => vi.useRealTimers());

  test("a failed ping marks it down: checks refuse at once until a probe answers", async () => {
    vi.useFakeTimers();
    let answering = false;
    const ping = vi.fn(async () => {
      if (!answering) throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    });
    const health = databaseHealth(ping, { probeEveryMs: 1000, pingTimeoutMs: 500 });
    expect(await health.isUp()).toBe(false);
    expect(health.down).toBe(true);
    expect(() => health.check()).toThrow(DatabaseDownError);
    // while down, asking again costs no ping
    const calls = ping.mock.calls.length;
    expect(await health.isUp()).toBe(false);
    expect(ping.mock.calls.length).toBe(calls);
    await vi.advanceTimersByTimeAsync(1000);
    expect(health.down).toBe(true);
    answering = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(health.down).toBe(false);
    expect(() => health.check()).not.toThrow();
    expect(await health.isUp()).toBe(true);
    health.stop();
  });

  test("a ping that hangs counts as down after its timeout", async () => {
    vi.useFakeTimers();
    const health = databaseHealth(() => new Promise(() => {}), { pingTimeoutMs: 500 });
    const up = health.isUp();
    await vi.advanceTimersByTimeAsync(500);
    expect(await up).toBe(false);
    health.stop();
  });

  test("a request's connection error marks it down without a ping", () => {
    const ping = vi.fn(async () => {});
    const health = databaseHealth(ping);
    health.noteConnectionError();
    expect(health.down).toBe(true);
    expect(ping).not.toHaveBeenCalled();
    health.stop();
  });

  test("a query that hangs on a server that does not answer fails after the slow mark and a ping; a slow one that answers goes on", async () => {
    vi.useFakeTimers();
    let answering = false;
    const health = databaseHealth(() => (answering ? Promise.resolve() : new Promise(() => {})), {
      slowQueryMs: 3000,
      pingTimeoutMs: 1000,
    });
    const hung = health.watch(new Promise(() => {}));
    const outcome = hung.then(
      () => "answered",
      (e: unknown) => (e instanceof DatabaseDownError ? "down" : "other"),
    );
    await vi.advanceTimersByTimeAsync(3999);
    expect(health.down).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe("down");
    expect(health.down).toBe(true);
    // known down, a query is refused without being started
    const query = { then: vi.fn() };
    await expect(health.watch(query as unknown as PromiseLike<number>)).rejects.toThrow(DatabaseDownError);
    expect(query.then).not.toHaveBeenCalled();
    health.stop();

    answering = true;
    const fresh = databaseHealth(() => Promise.resolve(), { slowQueryMs: 3000 });
    const slow = fresh.watch(new Promise((resolve) => setTimeout(() => resolve("rows"), 5000)));
    await vi.advanceTimersByTimeAsync(5000);
    expect(await slow).toBe("rows");
    expect(fresh.down).toBe(false);
    const failed = fresh.watch(Promise.reject(new Error("syntax error")));
    await expect(failed).rejects.toThrow("syntax error");
    fresh.stop();
  });
  test.each([
    // the request began (ms after the start), the database was down (from, to), up for its error page?
    [0, [500, 1500], false], // it met the outage; a probe found the server back before its error page asked
    [4000, [500, 1500], true], // it began after the probe found the server back
    [0, null, true], // never down
  ])("a request that began at %i ms, the database down %j: up for its error page: %s", async (began, outage, up) => {
    vi.useFakeTimers();
    const t0 = Date.now();
    let answering = true;
    const health = databaseHealth(
      async () => {
        if (!answering) throw new Error("ECONNREFUSED");
      },
      { probeEveryMs: 1000, pingTimeoutMs: 500 },
    );
    if (outage) {
      await vi.advanceTimersByTimeAsync(outage[0]!);
      answering = false;
      health.noteConnectionError();
      await vi.advanceTimersByTimeAsync(outage[1]! - outage[0]!);
      answering = true;
    }
    await vi.advanceTimersByTimeAsync(Math.max(0, t0 + began - Date.now()) + 1200); // the next probe finds it back
    expect(health.down).toBe(false);
    expect(await health.isUp(t0 + began)).toBe(up);
    health.stop();
  });
  test("a connection error on a server that answers (the driver's stale one, after a restart) is over within a ping, not a probe interval", async () => {
    vi.useFakeTimers();
    const health = databaseHealth(async () => {}, { probeEveryMs: 1000, pingTimeoutMs: 500 });
    health.noteConnectionError();
    expect(health.down).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(health.down).toBe(false);
    health.stop();
  });
});
