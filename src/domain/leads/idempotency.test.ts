import { describe, expect, test } from "vitest";
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeyOf } from "./idempotency";

describe("the Idempotency-Key header", () => {
  test.each([
    ["none", null, null],
    ["a UUID", "5b0d8c4e-3f44-4b8a-9a49-3c1f0f4c2b7e", { key: "5b0d8c4e-3f44-4b8a-9a49-3c1f0f4c2b7e" }],
    ["spaces around", "  abc  ", { key: "abc" }],
    ["255 characters", "k".repeat(255), { key: "k".repeat(255) }],
    ["empty", "", { error: IDEMPOTENCY_KEY_MESSAGE }],
    ["256 characters", "k".repeat(256), { error: IDEMPOTENCY_KEY_MESSAGE }],
    ["a space inside", "a b", { error: IDEMPOTENCY_KEY_MESSAGE }],
    ["NUL", "a\u0000b", { error: IDEMPOTENCY_KEY_MESSAGE }],
    ["not ASCII", "clé", { error: IDEMPOTENCY_KEY_MESSAGE }],
    ["__proto__ (a key like any other)", "__proto__", { key: "__proto__" }],
  ])("%s", (_, header, want) => expect(idempotencyKeyOf(header)).toEqual(want));
});
