import { afterEach, describe, expect, test, vi } from "vitest";
import { databaseHealth, DatabaseDownError } from "./health";

describe("databaseHealth: fail fast while the database is down (issue 31)", () => {
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
});
