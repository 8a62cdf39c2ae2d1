import { describe, expect, test } from "vitest";
import { createEntries, type Entry } from "./entries";
import { makeTemplate } from "./gzip-template";

const page = (key: string, size = 100, tags: string[] = []): Entry => ({
  status: 200,
  headers: {},
  template: makeTemplate(Buffer.from("x".repeat(size)), null),
  storedAt: 0,
  bytes: size,
  tags,
  hits: 0,
  key,
  host: "a",
  url: "/",
});

describe("the page cache's storage", () => {
  const setup = (maxEntries = 3, maxBytes = 1_000_000) =>
    createEntries({ maxEntries, maxBytes, ages: { freshMs: 10, ttlMs: 100 }, now: () => 0 });

  test("a new page pushes out the least recently used page served once, not one served again", () => {
    const entries = setup();
    for (const k of ["a", "b", "c"]) entries.store(k, page(k));
    entries.touch("a", entries.get("a")!); // served again
    expect(entries.store("d", page("d"))).toBe(1);
    expect(["a", "b", "c", "d"].filter((k) => entries.has(k))).toEqual(["a", "c", "d"]);
  });

  test("bounded by bytes too (the stored, compressed size)", () => {
    const entries = setup(100, 2_000);
    for (const k of ["a", "b", "c", "d"]) entries.store(k, page(k, 900));
    expect(entries.bytes()).toBeLessThanOrEqual(2_000);
    expect(entries.has("d")).toBe(true);
    expect(entries.has("a")).toBe(false);
  });

  test("a purge's tags take exactly the pages stored under them", () => {
    const entries = setup(10);
    entries.store("a", page("a", 10, ["site:1", "vehicle:1:7"]));
    entries.store("b", page("b", 10, ["site:1"]));
    entries.store("c", page("c", 10, ["site:2"]));
    expect(entries.removeTagged(new Set(["vehicle:1:7", "site:2"])).map((e) => e.key)).toEqual(["a", "c"]);
    expect(entries.size()).toBe(1);
  });

  test("expired pages go when another is stored", () => {
    let now = 0;
    const entries = createEntries({ maxEntries: 10, maxBytes: 1_000_000, ages: { freshMs: 10, ttlMs: 100 }, now: () => now });
    entries.store("a", page("a"));
    now = 500;
    entries.store("b", { ...page("b"), storedAt: 500 });
    expect(entries.has("a")).toBe(false);
  });
});
