import { describe, expect, test } from "vitest";
import { brandDisplayName, brandSlug } from "./brands";
import { contrastText, darken } from "./colour";

describe("brand display names", () => {
  test.each([
    ["Suzuki Australia", "Suzuki", "suzuki"],
    ["Mercedes Benz", "Mercedes-Benz", "mercedes-benz"],
    ["SKODA", "Škoda", "skoda"],
    ["SsangYong", "KGM", "kgm"],
    ["Mazda", "Mazda", "mazda"],
    ["  Yamaha ", "Yamaha", "yamaha"],
    ["Land Rover", "Land Rover", "land-rover"],
  ])("%s → %s (/brands/%s)", (stored, display, slug) => {
    expect(brandDisplayName(stored)).toBe(display);
    expect(brandSlug(stored)).toBe(slug);
  });
});

describe("darken: mix with black at 30%", () => {
  test.each([
    ["#ffffff", "#b3b3b3"],
    ["#000000", "#000000"],
    ["#0a64c8", "#07468c"],
    ["fff", "#b3b3b3"],
    ["#FF0000", "#b30000"],
  ])("%s → %s", (base, dark) => expect(darken(base)).toBe(dark));

  test("rejects a non-colour", () => expect(() => darken("blue")).toThrow(/Not a hex colour/));
});

describe("contrastText", () => {
  test.each([
    ["#ffffff", "#000000"],
    ["#000000", "#ffffff"],
    ["#0b3d91", "#ffffff"],
    ["#ffd400", "#000000"],
  ])("%s → %s", (bg, fg) => expect(contrastText(bg)).toBe(fg));
});
