import { describe, expect, test } from "vitest";
import { pluralNoun, summarizeStock } from "./summary";

describe("summarizeStock", () => {
  test("counts, makes, Make:Model keys and car types", () => {
    const s = summarizeStock([
      { make: "Mazda", model: "CX-5", carType: "new", bodyType: "suv", count: 3 },
      { make: "Mazda", model: "CX-5", carType: "used", bodyType: "suv", count: 2 },
      { make: "Mazda", model: "BT-50", carType: "demo", bodyType: "utility", count: 1 },
      { make: "Suzuki", model: "Swift", carType: "new", bodyType: "hatch", count: 7 },
      { make: "Suzuki", model: "Jimny", carType: "new", bodyType: null, count: 1 },
      { make: "Kia", model: "Rio", carType: "new", bodyType: "hatch", count: 0 },
    ]);
    expect(s.count).toBe(14);
    expect(s.makes).toEqual([
      { make: "Suzuki", count: 8 },
      { make: "Mazda", count: 6 },
    ]);
    expect(s.models).toEqual({ "Mazda:CX-5": 5, "Mazda:BT-50": 1, "Suzuki:Swift": 7, "Suzuki:Jimny": 1 });
    expect(s.car_types).toEqual({ new: 11, used: 2, demo: 1 });
    // body types, most first; a car without one is counted everywhere else
    expect(s.bodies).toEqual([
      { body: "hatch", count: 7 },
      { body: "suv", count: 5 },
      { body: "utility", count: 1 },
    ]);
  });

  test("empty stock", () => {
    expect(summarizeStock([])).toEqual({ count: 0, makes: [], models: {}, car_types: { new: 0, used: 0, demo: 0 }, bodies: [] });
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
