import { describe, expect, test } from "vitest";
import { chooseFormat, parseImageParams, variantName, type ImageParams } from "./params";

const AVIF = "image/avif,image/webp,image/apng,image/*,*/*;q=0.8";
const WEBP = "image/webp,*/*";
const parse = (qs: string, accept: string | null = AVIF, original: "jpeg" | "png" = "jpeg") =>
  parseImageParams(new URLSearchParams(qs), accept, original);

describe("chooseFormat (auto=format)", () => {
  test.each([
    [true, AVIF, "jpeg", "avif"],
    [true, WEBP, "jpeg", "webp"],
    [true, "image/jpeg,*/*", "jpeg", "jpeg"],
    [true, null, "jpeg", "jpeg"],
    [true, "*/*", "png", "png"],
    [false, AVIF, "jpeg", "jpeg"],
    [false, AVIF, "png", "png"],
  ] as const)("auto %s, Accept %j, original %s → %s", (auto, accept, original, format) => {
    expect(chooseFormat(auto, accept, original)).toBe(format);
  });
});

describe("parseImageParams (SPEC §7)", () => {
  test.each<[string, Partial<ImageParams>]>([
    ["", { width: null, height: null, crop: false, quality: 75, format: "jpeg" }],
    ["w=640&auto=format&q=75", { width: 640, quality: 75, format: "avif" }],
    ["w=1280&auto=format", { width: 1280, format: "avif" }],
    ["w=3840&auto=format", { width: 1280 }], // the srcset's widest asks; the max width is served
    ["w=1920&q=60", { width: 1280, quality: 60, format: "jpeg" }],
    ["w=640&q=80&auto=format", { quality: 80 }],
    ["w=1200&h=630&fit=crop", { width: 1200, height: 630, crop: true }], // the share image
    ["w=2400&h=1260&fit=crop", { width: 1280, height: 672, crop: true }], // clamped, same shape
  ])("%j", (qs, expected) => {
    const r = parse(qs);
    expect(r.ok && r.params).toMatchObject(expected);
  });

  test.each([
    ["w=0", /w must be/],
    ["w=-5", /w must be/],
    ["w=64.5", /w must be/],
    ["w=3841", /w must be/],
    ["w=1e3", /w must be/],
    ["w=%00", /w must be/],
    ["q=0", /q must be/],
    ["q=101", /q must be/],
    ["fit=cover&w=10&h=10", /fit can only/],
    ["w=100&h=100", /go together/],
    ["w=100&fit=crop", /go together/],
    ["h=100&fit=crop", /go together/],
    ["auto=compress", /auto can only/],
    ["w=640&w=800", /given twice/],
    ["width=640", /Unknown image parameter "width"/],
    ["__proto__=1", /Unknown image parameter/],
  ])("%j → 400", (qs, message) => {
    const r = parse(qs);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(message);
  });
});

describe("variantName", () => {
  const key = `${"a".repeat(64)}.jpg`;
  test.each<[string, string]>([
    ["w=640&auto=format", `${"a".repeat(64)}-w640-h0-q75.avif`],
    ["w=1200&h=630&fit=crop", `${"a".repeat(64)}-w1200-h630-crop-q75.jpg`],
    ["", `${"a".repeat(64)}-w0-h0-q75.jpg`],
  ])("%j → %s", (qs, name) => {
    const r = parse(qs);
    expect(r.ok && variantName(key, r.params)).toBe(name);
  });
});
