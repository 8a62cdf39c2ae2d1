import { describe, expect, test } from "vitest";
import { stockRowSchema } from "./import";
import { MAX_FEATURES, nextStockNumber, vehicleCreateSchema, vehicleEditSchema } from "./vehicle-form";
import { choicesOf, PRICE_TYPES } from "./stock-fields";
import { INVALID_CHARACTERS_MESSAGE } from "../leads/messages";

const create = vehicleCreateSchema(2026);
const edit = vehicleEditSchema(2026);
const car = { stock_number: "PMG1", make: "Mazda", model: "CX-5", year: "2024", car_type: "used" };

describe("a new car", () => {
  test.each([
    [
      car,
      { stock_number: "PMG1", year: 2024, car_type: "used", features: [], show_on_dealer_website: true, featured: false, special: false },
    ],
    [
      { ...car, vin: "jm0kf4w7a00123456", price: "$32,990", odometer: "12,000", features: "Sunroof\n\n Apple CarPlay \nsunroof" },
      { vin: "JM0KF4W7A00123456", price: 32990, odometer: 12000, features: ["Sunroof", "Apple CarPlay"] },
    ],
    [
      { ...car, features: ["Tow bar"], featured: "on", special: "true", show_on_dealer_website: "false" },
      { features: ["Tow bar"], featured: true, special: true, show_on_dealer_website: false },
    ],
    [
      { ...car, status: "Coming Soon", location_id: "10011", colour: "" },
      { status: "coming_soon", location_id: 10011, colour: undefined },
    ],
  ])("%j reads as %j", (raw, out) => expect(create.parse(raw)).toMatchObject(out));

  test.each([
    [{ ...car, stock_number: "" }, "stock_number", "Enter the stock number"],
    [{ ...car, vin: "JM0KF4W7A0012345O" }, "vin", "A VIN has 17 letters and digits (no I, O or Q)"],
    [{ ...car, vin: "JM0KF4W7A0012345" }, "vin", "A VIN has 17 letters and digits (no I, O or Q)"],
    [{ ...car, make: "" }, "make", "Enter the make"],
    [{ ...car, year: "2028" }, "year", "Enter a year up to 2027"],
    [{ ...car, car_type: "old" }, "car_type", "Enter new, used or demo"],
    [{ ...car, price: "-5" }, "price", "Enter the price of at least 0"],
    [{ ...car, features: ["x".repeat(81)] }, "features", "Keep each feature under 80 characters"],
    [
      { ...car, features: Array.from({ length: MAX_FEATURES + 1 }, (_, i) => `F${i}`) },
      "features",
      `List at most ${MAX_FEATURES} features`,
    ],
    [{ ...car, featured: "maybe" }, "featured", "Say whether the car is featured"],
    [{ ...car, description: "a\u0000b" }, "description", undefined],
  ])("%j is refused on %s", (raw, field, message) => {
    const r = create.safeParse(raw);
    expect(r.success).toBe(false);
    const issue = r.error!.issues[0]!;
    expect(issue.path[0]).toBe(field);
    if (message) expect(issue.message).toBe(message);
  });

  test("a CSV row and a car by hand share each field's rule and message", () => {
    const row = stockRowSchema(2026).safeParse({ ...car, vin: "BAD" });
    const hand = create.safeParse({ ...car, vin: "BAD" });
    expect(row.error!.issues[0]!.message).toBe(hand.error!.issues[0]!.message);
    expect(Object.keys(create.shape).filter((k) => !(k in stockRowSchema(2026).shape))).toEqual([
      "features",
      "show_on_dealer_website",
      "featured",
      "special",
    ]);
  });
});

describe("the price type is one of a fixed list, wherever it is entered (editor, API, CSV)", () => {
  test.each([
    ["Drive Away", "Drive Away"],
    ["drive away", "Drive Away"],
    ["driveaway", "Drive Away"],
    ["DAP", "Drive Away"],
    ["Drive Away Price", "Drive Away"],
    ["Excl. Govt. Charges", "Excl. Govt. Charges"],
    ["Excl. government charges", "Excl. Govt. Charges"],
    ["excluding govt charges", "Excl. Govt. Charges"],
    ["EGC", "Excl. Govt. Charges"],
    ["+ ORC", "Excl. Govt. Charges"],
    ["", undefined],
  ])("%j is stored as %j", (given, stored) => {
    expect(create.parse({ ...car, price_type: given }).price_type).toBe(stored);
    expect(stockRowSchema(2026).parse({ ...car, price_type: given }).price_type).toBe(stored);
  });

  test.each(["Cheap", "Negotiable", "Drive", "0"])("%j is refused on price_type, naming the list", (given) => {
    const r = edit.safeParse({ price_type: given });
    expect(r.error!.issues[0]).toMatchObject({ path: ["price_type"], message: `Choose the price type: ${PRICE_TYPES.join(" or ")}` });
  });
});

describe("numbers are written as numbers, names in letters people can see", () => {
  test.each([
    [{ price: "0x10" }, "price", "Enter the price as a whole number"],
    [{ price: "0b11" }, "price", "Enter the price as a whole number"],
    [{ price: "1e3" }, "price", "Enter the price as a whole number"],
    [{ price: "Infinity" }, "price", "Enter the price as a whole number"],
    [{ odometer: "0o17" }, "odometer", "Enter the odometer as a whole number"],
    [{ seats: "5e0" }, "seats", "Enter the seats as a whole number"],
    [{ year: "0x7E9" }, "year", "Enter the year as four digits"],
    [{ year: "2.02e3" }, "year", "Enter the year as four digits"],
    [{ make: "\u200B\u200B" }, "make", "Enter the make"],
    [{ make: "\u202E\u202D" }, "make", "Enter the make"],
    [{ make: " \u200F\uFEFF\u2066\u2069 " }, "make", "Enter the make"],
    [{ make: "Toy\u202Eota" }, "make", INVALID_CHARACTERS_MESSAGE],
    [{ model: "\u2060" }, "model", "Enter the model"],
  ])("%j is refused on %s: %s", (raw, field, message) => {
    for (const schema of [create, stockRowSchema(2026)]) {
      const r = schema.safeParse({ ...car, ...raw });
      expect(r.error?.issues[0]).toMatchObject({ path: [field], message });
    }
    expect(edit.safeParse(raw).error?.issues[0]).toMatchObject({ path: [field], message });
  });

  test.each([
    [
      { price: "$35,990", year: " 2024 ", odometer: "12 000", make: "Škoda" },
      { price: 35990, year: 2024, odometer: 12000, make: "Škoda" },
    ],
    [
      { price: 35990, year: 2024 },
      { price: 35990, year: 2024 },
    ],
  ])("%j still reads as %j", (raw, out) => expect(create.parse({ ...car, ...raw })).toMatchObject(out));
});

describe("an edit", () => {
  test.each([
    [
      { price: "32,990", odometer: "" },
      { price: 32990, odometer: 0 },
    ],
    [
      { price: "", odometer: "100", description: " " },
      { price: null, odometer: 100, description: null },
    ],
    [
      { price: null, description: null, odometer: null },
      { price: null, description: null, odometer: 0 },
    ],
    [
      { colour: "", badge: "GT", vin: "" },
      { colour: null, badge: "GT", vin: null },
    ],
    [
      { show_on_dealer_website: "off", featured: true },
      { show_on_dealer_website: false, featured: true },
    ],
    [{ features: "" }, { features: [] }],
    [
      { status: "sold", car_type: "Demo" },
      { status: "sold", car_type: "demo" },
    ],
  ])("%j reads as %j", (raw, out) => expect(edit.parse(raw)).toMatchObject(out));

  test("names only the fields it was given: the rest are left as they are", () => {
    expect(Object.keys(edit.parse({ price: 28000, status: "in_stock" })).sort()).toEqual(["price", "status"]);
    expect(Object.keys(edit.parse({}))).toEqual([]);
  });

  test.each([
    [{ price: "-1" }, "price"],
    [{ status: "gone" }, "status"],
    [{ status: null }, "status"],
    [{ status: "" }, "status"],
    [{ make: "" }, "make"],
    [{ stock_number: "" }, "stock_number"],
    [{ year: "" }, "year"],
    [{ vin: "ABC" }, "vin"],
    [{ show_on_dealer_website: null }, "show_on_dealer_website"],
    [{ show_on_dealer_website: "maybe" }, "show_on_dealer_website"],
  ])("%j is refused on %s", (raw, field) => {
    const r = edit.safeParse(raw);
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path[0]).toBe(field);
  });
});

describe("the suggested stock number", () => {
  test.each([
    [[], "S0001"],
    [["PMG10346", "PMG10001", "PMG9"], "PMG10347"],
    [["S009", "S001"], "S010"],
    [["A1", "A2", "B900"], "A3"],
    [["A1", "B7"], "B8"],
    [["PMG-0099", "pmg-0100"], "pmg-0101"],
    [["ABC"], "S0001"],
    [["S0001"], "S0002"],
    [["X99999999999999"], "X100000000000000"],
  ])("%j → %s", (existing, next) => expect(nextStockNumber(existing)).toBe(next));

  test("never one the site has, in any case", () => {
    expect(nextStockNumber(["S0001", "s0002", "S1"])).toBe("s0003");
  });
});

describe("the editor's lists keep a car's own value", () => {
  test.each([
    [["FWD", "AWD"], "", ["", "FWD", "AWD"]],
    [["FWD", "AWD"], "AWD", ["", "FWD", "AWD"]],
    [["FWD", "AWD"], "Front", ["", "FWD", "AWD", "Front"]],
  ])("%j with %j → %j", (list, current, out) => expect(choicesOf(list, current)).toEqual(out));
});
