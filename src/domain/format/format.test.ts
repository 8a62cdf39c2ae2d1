import { describe, expect, test } from "vitest";
import { countryFormat, formatLength, formatMass, formatOdometer, massLabels, priceTypeLabel } from "./country";
import { countOf, ENQUIRE_FOR_PRICE, formatCount, formatPrice } from "./price";
import { CARD_IMAGE_WIDTHS, IMAGE_WIDTHS, imageUrl, MAX_IMAGE_WIDTH, responsiveImage, shareImageUrl } from "./image";

describe("formatPrice", () => {
  test.each([
    [12345, "$12,345"],
    [12345.67, "$12,346"],
    [999, "$999"],
    [1000, "$1,000"],
    [1234567, "$1,234,567"],
    [null, "Enquire for price."],
    [undefined, "Enquire for price."],
    [0, "Enquire for price."],
    [Number.NaN, "Enquire for price."],
  ])("%s → %s", (price, text) => {
    expect(formatPrice(price)).toBe(text);
  });
  test("the no-price text is the spec's, to the letter", () => {
    expect(ENQUIRE_FOR_PRICE).toBe("Enquire for price.");
  });
});

describe("countOf", () => {
  test.each([
    [1, "location", undefined, "1 location"],
    [0, "location", undefined, "0 locations"],
    [3, "location", undefined, "3 locations"],
    [1204, "new match", "new matches", "1,204 new matches"],
    [1, "new match", "new matches", "1 new match"],
  ])("%d %s → %j", (n, one, many, text) => expect(countOf(n, one, many)).toBe(text));
});

describe("formatCount", () => {
  test.each([
    [1525, "1,525"],
    [12, "12"],
    [1000000, "1,000,000"],
  ])("%s → %s", (n, text) => expect(formatCount(n)).toBe(text));
});

describe("country formats", () => {
  test.each([
    ["AU", "km", "colour", "en-AU"],
    ["NZ", "km", "colour", "en-NZ"],
    ["US", "mi", "color", "en-US"],
    [null, "km", "colour", "en-AU"],
    ["FR", "km", "colour", "en-AU"],
  ])("%s → %s, %s, %s", (country, unit, colour, locale) => {
    const f = countryFormat(country);
    expect(f.distanceUnit).toBe(unit);
    expect(f.words.colour).toBe(colour);
    expect(f.locale).toBe(locale);
  });

  test.each([
    [12345, "AU", "12,345 km"],
    [12345, "NZ", "12,345 km"],
    [16093, "US", "10,000 mi"],
    [0, "US", "0 mi"],
  ])("odometer %s km in %s → %s", (km, country, text) => {
    expect(formatOdometer(km, country)).toBe(text);
  });
});

describe("camper and caravan measures per market", () => {
  test.each([
    ["AU", 2800, "2,800 kg"],
    ["NZ", 1700, "1,700 kg"],
    ["US", 3402, "7,500 lbs"],
  ])("%s mass %i → %s", (country, kg, text) => expect(formatMass(kg, country)).toBe(text));
  test.each([
    ["AU", 8350, "8.35 m"],
    ["US", 7620, "25 ft 0 in"],
    ["US", 10060, "33 ft 0 in"],
  ])("%s length %i → %s", (country, mm, text) => expect(formatLength(mm, country)).toBe(text));
  test("weights are named as the market names them", () => {
    expect(massLabels("AU")).toEqual({ gross: "ATM", empty: "Tare" });
    expect(massLabels("US")).toEqual({ gross: "GVWR", empty: "Dry weight" });
    expect(massLabels("AU", true)).toEqual({ gross: "GVM", empty: "Tare" });
    expect(massLabels("US", true)).toEqual({ gross: "GVWR", empty: "Dry weight" });
  });
  test.each([
    ["AU", "Excl. Govt. Charges", "Excl. Govt. Charges"],
    ["NZ", "Excl. Govt. Charges", "+ on-road costs"],
    ["NZ", "excl govt charges", "+ on-road costs"],
    ["NZ", "Drive Away", "Drive Away"],
    ["US", "Drive Away", null],
    ["US", "Excl. Govt. Charges", "plus tax, title and license"],
    ["AU", "Drive Away", "Drive Away"],
    ["AU", null, null],
  ])("%s price words %j → %j", (country, type, label) => expect(priceTypeLabel(type, country)).toBe(label));
});

describe("image service URLs", () => {
  test("the width set runs from 640 to 3840", () => expect([IMAGE_WIDTHS[0], IMAGE_WIDTHS.at(-1)]).toEqual([640, 3840]));
  test.each(IMAGE_WIDTHS.map((w) => [w, Math.min(w, MAX_IMAGE_WIDTH)]))(
    "width %i is served as %i (quality 75, the service's default, left out)",
    (width, served) => {
      expect(imageUrl("/photos/suv/red/1.svg", { width })).toBe(`/photos/suv/red/1.svg?w=${served}&auto=format`);
      expect(imageUrl("/photos/suv/red/1.svg", { width, quality: 75 })).toBe(`/photos/suv/red/1.svg?w=${served}&auto=format`);
    },
  );
  test("the share image keeps its own size and crop", () =>
    expect(shareImageUrl("/photos/suv/red/1.svg")).toBe("/photos/suv/red/1.jpg?w=1200&auto=format&q=80&h=630&fit=crop"));
  test("a card's srcset: widths of the set, each served as itself, the largest as src", () => {
    expect(CARD_IMAGE_WIDTHS.every((w) => (IMAGE_WIDTHS as readonly number[]).includes(w) && w <= MAX_IMAGE_WIDTH)).toBe(true);
    expect(responsiveImage("/images/k.jpg", [640, 1080], 60)).toEqual({
      src: "/images/k.jpg?w=1080&auto=format&q=60",
      srcSet: "/images/k.jpg?w=640&auto=format&q=60 640w, /images/k.jpg?w=1080&auto=format&q=60 1080w",
    });
  });
});
