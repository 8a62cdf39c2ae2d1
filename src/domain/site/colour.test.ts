import { expect, test } from "vitest";
import { brandColoursFrom, contrastRatio, contrastText, darken, dominantColours, TEXT_CONTRAST } from "./colour";

test.each([
  // known WCAG values
  ["#000000", "#ffffff", 21],
  ["#ffffff", "#ffffff", 1],
  ["#767676", "#ffffff", 4.54], // the lightest grey that passes for text on white
  ["#0b3d91", "#ffffff", 10.04],
  ["#1a1a1a", "#0b3d91", 1.73], // a dark logo on dark blue: nearly invisible
  ["#ffffff", "#0b3d91", 10.04], // a white one reads
  ["#c8102e", "#000000", 3.57],
])("contrastRatio(%s, %s) ≈ %s", (a, b, ratio) => {
  expect(contrastRatio(a, b)).toBeCloseTo(ratio, 1);
  expect(contrastRatio(b, a)).toBeCloseTo(ratio, 1);
});

test.each([
  ["#0b3d91", "#ffffff"],
  ["#f2a900", "#000000"],
  ["#ffffff", "#000000"],
  ["#000000", "#ffffff"],
  ["#777777", "#000000"],
  ["#757575", "#ffffff"],
])("contrastText(%s) → %s", (bg, text) => expect(contrastText(bg)).toBe(text));

// text on any brand colour keeps 4.5:1: the worst background still gives 4.58:1
test.each(["#0b3d91", "#c8102e", "#f2a900", "#767676", "#777777", "#7a7a7a", "#808080", "#3a4049", "#00b140", "#ff00ff", "#e07a1f"])(
  "text on %s reaches 4.5:1",
  (bg) => {
    expect(contrastRatio(contrastText(bg), bg)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(contrastText(darken(bg)), darken(bg))).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  },
);

test.each([
  ["#ffffff", "#b3b3b3"],
  ["#0b3d91", "#082b66"],
  ["#abc", "#77838f"],
])("darken(%s) → %s", (c, dark) => expect(darken(c)).toBe(dark));

const px = (n: number, rgba: [number, number, number, number]) => Array.from({ length: n }, () => rgba).flat();
test.each([
  ["one colour", px(10, [11, 61, 145, 255]), [{ hex: "#0b3d91", share: 1 }]],
  ["transparent pixels are the background", [...px(30, [0, 0, 0, 0]), ...px(10, [255, 255, 255, 255])], [{ hex: "#ffffff", share: 1 }]],
  [
    "commonest first, near shades averaged",
    [...px(2, [200, 16, 46, 255]), ...px(1, [202, 18, 44, 255]), ...px(6, [20, 20, 20, 255]), ...px(1, [20, 20, 20, 100])],
    [
      { hex: "#141414", share: 6 / 9 },
      { hex: "#c9112d", share: 3 / 9 },
    ],
  ],
  ["a speck under 3 percent is left out", [...px(99, [255, 255, 255, 255]), ...px(1, [255, 0, 0, 255])], [{ hex: "#ffffff", share: 0.99 }]],
  ["nothing opaque", px(4, [255, 0, 0, 0]), []],
])("dominantColours: %s", (_, pixels, colours) => {
  const got = dominantColours(pixels);
  expect(got.map((c) => c.hex)).toEqual(colours.map((c) => c.hex));
  got.forEach((c, i) => expect(c.share).toBeCloseTo(colours[i]!.share, 5));
});

test.each([
  [["#0b3d91", "#c8102e"], { primary: "#0b3d91", secondary: "#c8102e" }],
  [["#ffffff", "#0b3d91", "#0c3e92", "#c8102e"], { primary: "#0b3d91", secondary: "#c8102e" }], // white is a background; a near shade is no accent
  [["#0b3d91"], { primary: "#0b3d91", secondary: "#082b66" }], // one colour: a darker shade of it
  [["#ffffff", "#f5f5f5"], null],
  [[], null],
])("brandColoursFrom(%j) → %j", (palette, offer) => {
  expect(brandColoursFrom(palette)).toEqual(offer);
  // text on the offered colours keeps 4.5:1 (the header on the primary, buttons on the accent's dark shade)
  if (offer)
    for (const c of [offer.primary, darken(offer.secondary)]) expect(contrastRatio(contrastText(c), c)).toBeGreaterThanOrEqual(4.5);
});
