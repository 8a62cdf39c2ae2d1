import { describe, expect, test } from "vitest";
import { FEED_FIELDS, isEditedField, withEdited, withoutEdited } from "./edited";

describe("edited here", () => {
  test("the feed's fields include price, status and location, and photos is a field too", () => {
    expect(FEED_FIELDS).toEqual(expect.arrayContaining(["price", "status", "locationId", "colour"]));
    expect(isEditedField("photos")).toBe(true);
  });
  test.each([
    [[], ["price"], ["price"]],
    [["price"], ["price", "status"], ["price", "status"]],
    [["status"], ["price", "__proto__", "nonsense"], ["price", "status"]],
  ])("withEdited(%j, %j) → %j", (current, add, out) => {
    expect(withEdited(current, add)).toEqual(out);
  });
  test.each([
    [["price", "status"], ["price"], ["status"]],
    [["price"], ["photos"], ["price"]],
    [["bogus", "price"], [], ["price"]],
  ])("withoutEdited(%j, %j) → %j", (current, drop, out) => {
    expect(withoutEdited(current, drop)).toEqual(out);
  });
});
