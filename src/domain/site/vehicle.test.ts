import { describe, expect, test } from "vitest";
import { detailBasePath, oneNounInText, vehicleHref, vehicleNoun } from "./vehicle";

describe("vehicleNoun", () => {
  test.each([
    ["campers", null, "Camper"],
    ["trucks", null, "Trucks"],
    ["truck", null, "Truck"],
    ["rv", null, "RV"],
    ["rv", "Motorhome", "RV"],
    ["motorcycles", "Motorcycle", "Motorcycle"],
    ["default", "Boat", "Boat"],
    ["default", null, "Car"],
    ["default", "  ", "Car"],
    ["motorcycles", null, "Car"],
  ])("template %s with override %s → %s", (template, override, noun) => {
    expect(vehicleNoun(template, override)).toBe(noun);
  });
});

describe("detail paths", () => {
  test.each([
    ["motorcycles", "/motorcycles"],
    ["campers", "/campers"],
    ["trucks", "/cars"],
    ["rv", "/cars"],
    ["default", "/cars"],
  ])("template %s uses base %s", (template, base) => {
    expect(detailBasePath(template)).toBe(base);
    expect(vehicleHref(template, "2024-yamaha-mt-07-abc")).toBe(`${base}/2024-yamaha-mt-07-abc`);
  });

  test.each(["motorcycles", "campers", "default"])("checkout ending on %s stays under /cars", (template) => {
    expect(vehicleHref(template, "x-1", "checkout")).toBe("/cars/x-1/checkout");
  });
});

describe("one vehicle in a sentence (no more “Finance this trucks”)", () => {
  test.each([
    ["Trucks", "truck"],
    ["Truck", "truck"],
    ["Car", "car"],
    ["RV", "RV"],
    ["RVs", "RV"],
    ["Camper", "camper"],
    ["Motorcycle", "motorcycle"],
    ["Bus", "bus"],
  ])("%s → this %s", (noun, one) => expect(oneNounInText(noun)).toBe(one));
});
