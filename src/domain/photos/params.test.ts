import { describe, expect, test } from "vitest";
import { fixedFormatImageUrl, IMAGE_QUALITY, IMAGE_WIDTHS, imageUrl, shareImageUrl, thumbnailUrl } from "@/domain/format/image";
import {
  chooseFormat,
  IMAGE_PARAM_MSG,
  parseImageParams,
  QUALITIES,
  REQUESTED_WIDTHS,
  variantGroup,
  variantName,
  type ImageParams,
} from "./params";

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

describe("parseImageParams (only the variants the pages ask for)", () => {
  test.each<[string, Partial<ImageParams>]>([
    ["", { width: 1280, height: null, crop: false, quality: 75, format: "jpeg" }], // a bare address: the max width, never the whole original
    ["w=640&auto=format&q=75", { width: 640, quality: 75, format: "avif" }],
    ["w=320&auto=format&q=60", { width: 320, quality: 60 }], // the back-office thumbnail
    ["w=1280&auto=format", { width: 1280, format: "avif" }],
    ["w=3840&auto=format", { width: 1280 }], // the srcset's widest asks; the max width is served
    ["w=1920&q=60", { width: 1280, quality: 60, format: "jpeg" }],
    ["w=640&q=80&auto=format", { quality: 80 }],
    ["w=1200&h=630&fit=crop", { width: 1200, height: 630, crop: true }], // the share image
    ["w=1200&h=630&fit=crop&q=80&auto=format", { width: 1200, height: 630, crop: true, quality: 80 }],
  ])("%j", (qs, expected) => {
    const r = parse(qs);
    expect(r.ok && r.params).toMatchObject(expected);
  });

  test.each([
    ["w=0", IMAGE_PARAM_MSG.width],
    ["w=-5", IMAGE_PARAM_MSG.width],
    ["w=64.5", IMAGE_PARAM_MSG.width],
    ["w=641", IMAGE_PARAM_MSG.width], // a width no page asks for: a million of these were a million renders
    ["w=0640", IMAGE_PARAM_MSG.width], // another address for the 640 variant
    ["w=3841", IMAGE_PARAM_MSG.width],
    ["w=1e3", IMAGE_PARAM_MSG.width],
    ["w=%00", IMAGE_PARAM_MSG.width],
    ["w=640&q=74", IMAGE_PARAM_MSG.quality],
    ["q=0", IMAGE_PARAM_MSG.quality],
    ["q=101", IMAGE_PARAM_MSG.quality],
    ["w=10&h=3840&fit=crop", IMAGE_PARAM_MSG.width], // the crop that enlarged a sliver 380 times
    ["w=640&h=3840&fit=crop", IMAGE_PARAM_MSG.crop],
    ["w=1200&h=631&fit=crop", IMAGE_PARAM_MSG.crop],
    ["w=2400&h=1260&fit=crop", IMAGE_PARAM_MSG.width],
    ["fit=cover&w=640&h=10", IMAGE_PARAM_MSG.fit],
    ["w=640&h=100", IMAGE_PARAM_MSG.together],
    ["w=640&fit=crop", IMAGE_PARAM_MSG.together],
    ["h=630&fit=crop", IMAGE_PARAM_MSG.together],
    ["auto=compress", IMAGE_PARAM_MSG.auto],
    ["w=640&w=828", 'The image parameter "w" is given twice.'],
    ["width=640", 'Unknown image parameter "width".'],
    ["__proto__=1", 'Unknown image parameter "__proto__".'],
  ])("%j → 400 %s", (qs, message) => {
    const r = parse(qs);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toBe(message);
  });

  test("the messages name what is allowed", () => {
    expect(IMAGE_PARAM_MSG.width).toBe(
      "w must be one of 320, 640, 750, 828, 1080, 1200, 1280, 1920, 2048 or 3840: the widths the platform's pages ask for.",
    );
    expect(IMAGE_PARAM_MSG.quality).toBe("q must be 60, 75 or 80.");
  });

  test("every address the pages build is answered, and they make few variants of a photo", () => {
    const addresses = [
      ...IMAGE_WIDTHS.map((width) => imageUrl("/images/a.jpg", { width })),
      ...IMAGE_WIDTHS.map((width) => imageUrl("/images/a.jpg", { width, quality: IMAGE_QUALITY.low })),
      ...IMAGE_WIDTHS.map((width) => imageUrl("/images/a.jpg", { width, quality: IMAGE_QUALITY.high })),
      ...IMAGE_WIDTHS.map((width) => fixedFormatImageUrl("/images/a.jpg", width)),
      shareImageUrl("/images/a.jpg"),
      thumbnailUrl("/images/a.jpg"),
      "/images/a.jpg",
    ];
    const names = new Set<string>();
    for (const a of addresses) {
      const r = parse(new URL(a, "http://x").search.slice(1));
      expect(r.ok, a).toBe(true);
      if (r.ok) names.add(variantName(r.params));
    }
    // widths × qualities × (auto or the original's format) + the share image: bounded, not a million
    expect(names.size).toBeLessThanOrEqual(REQUESTED_WIDTHS.length * QUALITIES.length * 2 + 2);
  });
});

describe("variantName", () => {
  test.each<[string, string]>([
    ["w=640&auto=format", "w640-h0-q75.avif"],
    ["w=1200&h=630&fit=crop", "w1200-h630-crop-q75.jpg"],
    ["", "w1280-h0-q75.jpg"],
    ["w=3840", "w1280-h0-q75.jpg"], // the same answer, the same variant
  ])("%j → %s", (qs, name) => {
    const r = parse(qs);
    expect(r.ok && variantName(r.params)).toBe(name);
  });

  test.each([
    [`${"a".repeat(32)}.jpg`, "a".repeat(32)],
    [`${"b".repeat(64)}.png`, "b".repeat(64)],
    ["demo-suv-red-1.jpg", "demo-suv-red-1"],
  ])("variantGroup(%s) → %s", (key, group) => {
    expect(variantGroup(key)).toBe(group);
  });
});
