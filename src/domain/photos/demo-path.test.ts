import { describe, expect, test } from "vitest";
import { looksLikeDemoPhoto } from "./demo-path";

describe("looksLikeDemoPhoto", () => {
  test.each([
    [["suv", "red", "1.jpg"], undefined, true],
    [["cab-chassis", "pearl-white", "14.svg"], undefined, true],
    [["suv", "red", "1.jpg"], "jpg", true],
    [["suv", "red", "1.svg"], "jpg", false],
    [["suv", "red", "0.jpg"], undefined, false],
    [["suv", "red", "100.jpg"], undefined, false],
    [["suv", "red", "1.png"], undefined, false],
    [["SUV", "red", "1.jpg"], undefined, false],
    [["suv", "red"], undefined, false],
    [["suv", "red", "skoda-karoq", "1.jpg"], undefined, true],
    [["suv", "red", "skoda-karoq", "1.jpg"], "jpg", true],
    [["suv", "red", "__proto__", "1.jpg"], undefined, false],
    [["suv", "red", "skoda karoq", "1.jpg"], undefined, false],
    [["suv", "red", "a".repeat(41), "1.jpg"], undefined, false],
    [["suv", "red", "skoda-karoq", "1.jpg", "x"], undefined, false],
    [["__proto__", "red", "1.jpg"], undefined, false],
    [["suv", "re%00d", "1.jpg"], undefined, false],
    [["a".repeat(41), "red", "1.jpg"], undefined, false],
  ] as const)("%j (%s) → %s", (parts, format, expected) => {
    expect(looksLikeDemoPhoto(parts, format)).toBe(expected);
  });
});
