import { describe, expect, test, vi } from "vitest";
import { createCatalogueCache, siteTag } from "./catalogue-cache";

describe("catalogue cache", () => {
  const setup = (ttlMs = 1000) => {
    let clock = 0;
    return { cache: createCatalogueCache({ ttlMs, now: () => clock, maxEntries: 3 }), tick: (ms: number) => (clock += ms) };
  };

  test("loads once per key within the TTL, again after", async () => {
    const { cache, tick } = setup();
    const load = vi.fn(async () => 42);
    expect(await cache.cached("a", [], load)).toBe(42);
    expect(await cache.cached("a", [], load)).toBe(42);
    expect(load).toHaveBeenCalledTimes(1);
    tick(1001);
    await cache.cached("a", [], load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  test("concurrent callers share one load", async () => {
    const { cache } = setup();
    const load = vi.fn(() => new Promise<number>((r) => setTimeout(() => r(1), 10)));
    await Promise.all([cache.cached("k", [], load), cache.cached("k", [], load), cache.cached("k", [], load)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test("a failure is not cached", async () => {
    const { cache } = setup();
    await expect(cache.cached("x", [], () => Promise.reject(new Error("db down")))).rejects.toThrow("db down");
    await Promise.resolve();
    expect(await cache.cached("x", [], async () => "ok")).toBe("ok");
  });

  test("invalidating a site's tag drops only that site's entries", async () => {
    const { cache } = setup();
    await cache.cached("s1-a", [siteTag(1)], async () => 1);
    await cache.cached("s2-a", [siteTag(2)], async () => 2);
    cache.invalidateTag(siteTag(1));
    const load = vi.fn(async () => 3);
    await cache.cached("s1-a", [siteTag(1)], load);
    await cache.cached("s2-a", [siteTag(2)], load);
    expect(load).toHaveBeenCalledTimes(1);
  });

  test("past the bound the least recently used entry leaves (a hit counts as a use)", async () => {
    const { cache } = setup();
    for (const k of ["a", "b", "c"]) await cache.cached(k, [], async () => k);
    await cache.cached("a", [], async () => "again"); // a hit: "b" is now the least recently used
    await cache.cached("d", [], async () => "d");
    const load = vi.fn(async () => "reloaded");
    expect(await cache.cached("a", [], load)).toBe("a");
    expect(await cache.cached("b", [], load)).toBe("reloaded");
    expect(load).toHaveBeenCalledTimes(1);
  });

  test("bounded size; TTL 0 turns it off", async () => {
    const { cache } = setup();
    for (const k of ["a", "b", "c", "d"]) await cache.cached(k, [], async () => k);
    expect(cache.size()).toBe(3);
    const off = setup(0).cache;
    const load = vi.fn(async () => 1);
    await off.cached("a", [], load);
    await off.cached("a", [], load);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
