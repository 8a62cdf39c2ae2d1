import { expect, test } from "vitest";
import { logoOnHeader, siteLogo } from "./logo";

test.each([
  [
    { url: "/photos/logo/a.svg", thumb: "/photos/logo/a-mark.svg" },
    { full: "/photos/logo/a.svg", small: "/photos/logo/a-mark.svg" },
  ],
  [{ url: "https://cdn.example.com/a.png" }, { full: "https://cdn.example.com/a.png", small: "https://cdn.example.com/a.png" }],
  [{ thumb: "/a-mark.svg" }, { full: "/a-mark.svg", small: "/a-mark.svg" }],
  [
    { url: "javascript:alert(1)", thumb: "//evil.example/x.png" },
    { full: null, small: null },
  ],
  [{ banner: "/photos/scene/showroom.svg" }, { full: null, small: null }],
])("logo %j → %j", (logo, shown) => expect(siteLogo(logo)).toEqual(shown));

test.each([
  // [logo, header, reads, lowest ratio (2 places), plate offered]
  [{ url: "/images/a.png", ink: { url: "#ffffff" } }, "#0b3d91", true, 10.04, "dark"],
  [{ url: "/images/a.png", ink: { url: "#1a1a1a" } }, "#0b3d91", false, 1.73, "light"],
  [{ url: "/images/a.png", ink: { url: "#1a1a1a" }, plate: "light" }, "#0b3d91", true, 1.73, "light"],
  [{ url: "/images/a.png", ink: { url: null } }, "#3a4049", true, null, "light"],
  [{ url: "/images/a.png" }, "#3a4049", false, null, "light"],
  [{}, "#3a4049", false, null, "light"],
  [{ url: "/images/a.png", thumb: "/images/b.png", ink: { url: "#ffffff", thumb: "#f2a900" } }, "#ffffff", false, 1, "dark"],
] as const)("logoOnHeader(%j on %s): reads %s, %s:1, plate %s", (logo, header, reads, ratio, plate) => {
  const got = logoOnHeader(logo, header);
  expect(got.reads).toBe(reads);
  if (ratio === null) expect(got.ratio).toBeNull();
  else expect(got.ratio).toBeCloseTo(ratio, 1);
  expect(got.plate).toBe(plate);
});
