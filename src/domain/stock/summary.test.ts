import { describe, expect, test } from "vitest";
import { pluralNoun, summarizeStock } from "./summary";

describe("summarizeStock", () => {
  test("counts, makes, Make:Model keys and car types", () => {
    const s = summarizeStock([
      { make: "Mazda", model: "CX-5", carType: "new", count: 3 },
      { make: "Mazda", model: "CX-5", carType: "used", count: 2 },
      { make: "Mazda", model: "BT-50", carType: "demo", count: 1 },
      { make: "Suzuki", model: "Swift", carType: "new", count: 7 },
      { make: "Kia", model: "Rio", carType: "new", count: 0 },
    ]);
    expect(s.count).toBe(13);
    expect(s.makes).toEqual([
      { make: "Suzuki", count: 7 },
      { make: "Mazda", count: 6 },
    ]);
    expect(s.models).toEqual({ "Mazda:CX-5": 5, "Mazda:BT-50": 1, "Suzuki:Swift": 7 });
    expect(s.car_types).toEqual({ new: 10, used: 2, demo: 1 });
  });

  test("empty stock", () => {
    expect(summarizeStock([])).toEqual({ count: 0, makes: [], models: {}, car_types: { new: 0, used: 0, demo: 0 } });
  });

  test.each([
    ["Car", "Cars"],
    ["Trucks", "Trucks"],
    ["Truck", "Trucks"],
    ["RV", "RVs"],
    ["Camper", "Campers"],
    ["Motorcycle", "Motorcycles"],
  ])("plural of %s is %s", (noun, plural) => expect(pluralNoun(noun)).toBe(plural));
});
