import { describe, expect, test } from "vitest";
import { parseUserDetails } from "./user-details";

describe("parseUserDetails (stored user details)", () => {
  test.each([
    [
      { name: "Sam", email: "sam@example.com" },
      { name: "Sam", email: "sam@example.com" },
    ],
    [{ name: "Sam", other: "kept out", __proto__: { x: 1 } }, { name: "Sam" }],
    [{}, {}],
  ])("%j → %j", (stored, details) => expect(parseUserDetails(stored)).toEqual(details));
  test.each([null, "Sam", [], 42, { name: 42 }, { name: null }, { phone: "0".repeat(31) }, { name: "x".repeat(101) }])(
    "%j is ignored",
    (stored) => expect(parseUserDetails(stored)).toBeNull(),
  );
});
