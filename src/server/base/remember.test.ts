import { afterEach, describe, expect, test, vi } from "vitest";
import { forget, recall, remember } from "./remember";

afterEach(() => {
  for (const name of ["a", "b", "nothing", "shared"]) forget(name);
});

describe("remember", () => {
  test("makes the value once and hands the same one back", () => {
    const make = vi.fn(() => ({ made: true }));
    const first = remember("a", make);
    expect(remember("a", make)).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  test.each([[null], [0], [""], [false]])("keeps a falsy value (%j) rather than making it again", (value) => {
    const make = vi.fn(() => value);
    remember("nothing", make);
    expect(remember("nothing", make)).toBe(value);
    expect(make).toHaveBeenCalledTimes(1);
  });

  test("names are separate", () => {
    expect(remember("a", () => 1)).toBe(1);
    expect(remember("b", () => 2)).toBe(2);
  });

  test("a second copy of the module (as Next's bundle and the server each load one) sees the same values", async () => {
    const made = remember("shared", () => ({ one: true }));
    vi.resetModules();
    const copy = await import("./remember");
    expect(copy.remember("shared", () => ({ one: false }))).toBe(made);
  });

  test("a value whose maker throws is not kept", () => {
    expect(() =>
      remember("a", () => {
        throw new Error("no");
      }),
    ).toThrow("no");
    expect(recall("a")).toBeUndefined();
    expect(remember("a", () => 3)).toBe(3);
  });
});

describe("recall / forget", () => {
  test.each([
    ["never made", false, undefined, false],
    ["made", true, 7, true],
  ])("%s: recall gives it, forget says whether there was one", (_, make, expected, had) => {
    if (make) remember("a", () => 7);
    expect(recall("a")).toBe(expected);
    expect(forget("a")).toBe(had);
    expect(recall("a")).toBeUndefined();
  });

  test("after forget the next remember makes a fresh value", () => {
    const first = remember("a", () => ({}));
    forget("a");
    expect(remember("a", () => ({}))).not.toBe(first);
  });
});
