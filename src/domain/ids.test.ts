import { describe, expect, test } from "vitest";
import { isCanonicalUuid, isUuid, UUID_PATTERN } from "./ids";

describe("isUuid / isCanonicalUuid", () => {
  test.each([
    ["3f2504e0-4f89-11d3-9a0c-0305e82c3301", true, true],
    ["3F2504E0-4F89-11D3-9A0C-0305E82C3301", true, false],
    ["3f2504e0-4f89-11d3-9a0c-0305E82C3301", true, false],
    ["00000000-0000-0000-0000-000000000000", true, true],
    ["3f2504e04f8911d39a0c0305e82c3301", false, false],
    ["3f2504e0-4f89-11d3-9a0c-0305e82c330", false, false],
    ["3f2504e0-4f89-11d3-9a0c-0305e82c33011", false, false],
    [" 3f2504e0-4f89-11d3-9a0c-0305e82c3301", false, false],
    ["3f2504e0-4f89-11d3-9a0c-0305e82c3301\n", false, false],
    ["g f2504e0-4f89-11d3-9a0c-0305e82c3301", false, false],
    ["", false, false],
    [null, false, false],
    [42, false, false],
  ])("%j → any case %s, canonical %s", (value, any, canonical) => {
    expect(isUuid(value)).toBe(any);
    expect(isCanonicalUuid(value)).toBe(canonical);
  });

  test("the pattern is usable in schemas (no global flag: test() keeps no state between calls)", () => {
    expect(UUID_PATTERN.global).toBe(false);
    expect(UUID_PATTERN.test("3f2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe(true);
    expect(UUID_PATTERN.test("3f2504e0-4f89-11d3-9a0c-0305e82c3301")).toBe(true);
  });
});
