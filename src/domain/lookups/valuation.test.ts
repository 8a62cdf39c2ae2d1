import { describe, expect, test } from "vitest";
import { answerLabel, answerText } from "../leads/answers";
import { demoValuation, ValuationRequestSchema, valuationRange, type ValuationRequest } from "./valuation";

const corolla: ValuationRequest = { make: "Toyota", model: "Corolla", year: 2019, odometer: 84_000, condition: "Good" };

describe("the demo's trade-in figures (the local fake provider)", () => {
  // worked out independently: 42,000 × 0.85 × 0.9⁶ × (1 + 0.06 × 2.1) → ±6%, to $100
  test.each<[string, ValuationRequest, { low: number; high: number }]>([
    ["a 2019 Corolla, 84,000 km, good", corolla, { low: 20_100, high: 22_600 }],
    [
      "a 2017 Isuzu truck, 250,000 km, fair",
      { make: "Isuzu", model: "NPR", year: 2017, odometer: 250_000, condition: "Fair" },
      { low: 14_800, high: 16_700 },
    ],
  ])("%s", (_, r, range) => expect(demoValuation(r, 2026)).toEqual(range));

  test.each<[string, Partial<ValuationRequest>]>([
    ["a newer car", { year: 2022 }],
    ["fewer kilometres", { odometer: 40_000 }],
    ["excellent condition", { condition: "Excellent" }],
    ["a ute that holds its value", { make: "Ford", model: "Ranger" }],
  ])("%s is worth more", (_, better) => {
    const base = { ...corolla, ...(better.make ? { make: "Ford", model: "Focus" } : {}) };
    expect(demoValuation({ ...corolla, ...better }, 2026).low).toBeGreaterThan(demoValuation(base, 2026).low);
  });

  test("always a range of whole hundreds, never under $500, for any car", () => {
    for (const r of [
      { ...corolla, year: 1960, odometer: 2_000_000, condition: "Poor" as const },
      { ...corolla, make: "Unknown", year: 2026, odometer: 0 },
    ]) {
      const v = demoValuation(r, 2026);
      expect(v.low).toBeLessThan(v.high);
      expect(v.low % 100).toBe(0);
      expect(v.low).toBeGreaterThanOrEqual(500);
    }
  });

  test("as a shopper reads it", () => expect(valuationRange({ low: 18_500, high: 21_000 })).toBe("$18,500 – $21,000"));
});

describe("what a valuation may be asked for", () => {
  test.each([
    ["no model", { ...corolla, model: "" }, "model"],
    ["a year from the future", { ...corolla, year: 2200 }, "year"],
    ["a negative odometer", { ...corolla, odometer: -1 }, "odometer"],
    ["an unknown condition", { ...corolla, condition: "Mint" }, "condition"],
    ["a NUL in the make", { ...corolla, make: "Toy\u0000ota" }, "make"],
    ["an unknown key", { ...corolla, price: 1 }, ""],
  ])("%s is refused", (_, body, path) => {
    const r = ValuationRequestSchema.safeParse(body);
    expect(r.success).toBe(false);
    if (path) expect(r.error!.issues[0]!.path).toEqual([path]);
  });

  test.each([
    ["good", "Good"],
    ["EXCELLENT", "Excellent"],
    [" fair ", "Fair"],
    ["Poor", "Poor"],
  ])("the condition %j is taken in any case, as %s", (condition, as) =>
    expect(ValuationRequestSchema.parse({ ...corolla, condition }).condition).toBe(as),
  );
});

describe("the lead's range as the dealer reads it", () => {
  test("with the vendor's name; anything else is no answer", () => {
    expect(answerLabel("trade_in_valuation")).toBe("Trade-in estimate");
    expect(answerText("trade_in_valuation", { low: 18_500, high: 21_000, provider: "autograb" })).toBe("$18,500 – $21,000 (AutoGrab)");
    expect(answerText("trade_in_valuation", { low: 18_500, high: 21_000, provider: "redbook" })).toBe("$18,500 – $21,000 (Redbook)");
    expect(answerText("trade_in_valuation", { low: "x", high: 21_000 })).toBeNull();
  });
});
