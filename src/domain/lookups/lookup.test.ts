import { describe, expect, test } from "vitest";
import { LookupRequestSchema, TradeInVehicleSchema } from "./lookup";

describe("a vehicle lookup's request (the state in any case)", () => {
  test.each([
    [
      { rego: "abc123", state: "VIC" },
      { rego: "ABC123", state: "vic" },
    ],
    [
      { rego: "ABC 123", state: "vic" },
      { rego: "ABC123", state: "vic" },
    ],
    [
      { rego: "ABC123", state: " Nsw " },
      { rego: "ABC123", state: "nsw" },
    ],
  ])("%j reads as %j", (input, out) => expect(LookupRequestSchema.parse(input)).toEqual(out));

  test.each([{ rego: "ABC123", state: "XYZ" }, { rego: "ABC123", state: 3 }, { rego: "ABC123" }])("%j is refused", (input) =>
    expect(LookupRequestSchema.safeParse(input).success).toBe(false),
  );

  test("the trade-in vehicle's state too", () => expect(TradeInVehicleSchema.parse({ state: "QLD", source: "manual" }).state).toBe("qld"));
});
