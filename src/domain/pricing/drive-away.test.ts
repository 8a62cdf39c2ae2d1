import { describe, expect, test } from "vitest";
import {
  AU_STATES,
  auStateOf,
  DRIVE_AWAY_TABLES,
  driveAwayEstimate,
  financedAmount,
  estimateText,
  isExclGovtCharges,
  siteEstimate,
  powertrainOf,
  type AuState,
  type Powertrain,
} from "./drive-away";

// Each figure below is worked by hand from the state's published formula (see the comment on its table).
describe("stamp duty by each state's formula", () => {
  test.each<[AuState, number, Powertrain, number]>([
    // NSW: $3 per $100 to $45,000, then $1,350 + $5 per $100 above; electric the same
    ["NSW", 40_000, "combustion", 1_200],
    ["NSW", 47_485, "combustion", 1_475],
    ["NSW", 47_485, "electric", 1_475],
    // VIC: per $200 of the whole value; luxury bands above $80,567; green cars $8.40 at any value
    ["VIC", 47_485, "combustion", 1_999],
    ["VIC", 80_567, "combustion", 3_385],
    ["VIC", 90_000, "combustion", 4_680],
    ["VIC", 120_000, "combustion", 8_400],
    ["VIC", 160_000, "combustion", 14_400],
    ["VIC", 90_000, "electric", 3_780],
    ["VIC", 90_000, "hybrid", 3_780],
    // QLD: $3 (hybrid/EV $2) per $100 to $100,000; $5 ($4) above, on the whole value
    ["QLD", 47_485, "combustion", 1_425],
    ["QLD", 47_485, "hybrid", 950],
    ["QLD", 120_000, "combustion", 6_000],
    ["QLD", 120_000, "electric", 4_800],
    // WA: 2.75% to $25,000; sliding rate to $50,000; 6.5% above
    ["WA", 20_000, "combustion", 550],
    ["WA", 40_000, "combustion", 2_000],
    ["WA", 47_485, "combustion", 2_906],
    ["WA", 60_000, "electric", 3_900],
    // SA: brackets
    ["SA", 800, "combustion", 8],
    ["SA", 1_500, "combustion", 20],
    ["SA", 2_500, "combustion", 45],
    ["SA", 47_485, "combustion", 1_840],
    // TAS: $20 to $600; 3% to $35,000; $1,050 + 11% to $40,000; 4% of the whole value above
    ["TAS", 500, "combustion", 20],
    ["TAS", 30_000, "combustion", 900],
    ["TAS", 37_000, "combustion", 1_270],
    ["TAS", 47_485, "combustion", 1_900],
    // ACT: by emissions; zero-emission none, hybrids (A) $1/$2, others (B) $3/$5
    ["ACT", 60_000, "electric", 0],
    ["ACT", 47_485, "hybrid", 500],
    ["ACT", 47_485, "combustion", 1_475],
    ["ACT", 30_000, "combustion", 900],
    // NT: 3%; the first $50,000 of an electric car's value exempt (no cliff at $50,000)
    ["NT", 45_000, "electric", 0],
    ["NT", 55_000, "electric", 150],
    ["NT", 60_000, "electric", 300],
    ["NT", 47_485, "combustion", 1_425],
  ])("%s on $%d (%s) → $%d", (state, value, power, duty) => {
    expect(Math.round(DRIVE_AWAY_TABLES[state].duty(value, power))).toBe(duty);
  });
});

describe("the whole estimate", () => {
  // $45,990 Excl. Govt. Charges with a $1,495 delivery charge: duty on $47,485
  test.each<[AuState, string, number, Array<[string, number]>]>([
    [
      "NSW",
      "Petrol",
      50_150,
      [
        ["Vehicle price", 45_990],
        ["Dealer delivery", 1_495],
        ["Stamp duty", 1_475],
        ["Registration (12 months)", 522],
        ["CTP green slip (estimate)", 620],
        ["Number plates", 48],
      ],
    ],
    [
      "VIC",
      "Petrol",
      50_446,
      [
        ["Vehicle price", 45_990],
        ["Dealer delivery", 1_495],
        ["Stamp duty", 1_999],
        ["Registration (12 months)", 917],
        ["Number plates", 45],
      ],
    ],
    [
      "QLD",
      "Hybrid",
      49_272,
      [
        ["Vehicle price", 45_990],
        ["Dealer delivery", 1_495],
        ["Stamp duty", 950],
        ["Registration (12 months)", 441],
        ["CTP insurance", 396],
      ],
    ],
    [
      "ACT",
      "Electric",
      48_460,
      [
        ["Vehicle price", 45_990],
        ["Dealer delivery", 1_495],
        ["Stamp duty", 0],
        ["Registration (12 months)", 345],
        ["CTP insurance", 580],
        ["Number plates", 50],
      ],
    ],
  ])("%s, %s", (state, fuel, total, parts) => {
    const e = driveAwayEstimate({ price: 45_990, fuel }, state, 1_495);
    expect(e.parts.map((p) => [p.label, p.amount])).toEqual(parts);
    expect(e.total).toBe(total);
  });

  test.each(AU_STATES)("%s names its sources and when the figures were taken", (state) => {
    const e = driveAwayEstimate({ price: 30_000, fuel: null }, state, 0);
    expect(e.sources.length).toBeGreaterThan(0);
    for (const s of e.sources) expect(s.url).toMatch(/^https:\/\/[^ ]+$/);
    expect(e.taken).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(e.total).toBe(e.parts.reduce((sum, p) => sum + p.amount, 0));
    expect(e.total).toBeGreaterThan(30_000);
  });
});

test.each([
  ["Electric", "electric"],
  ["Plug-in Hybrid", "hybrid"],
  ["Hybrid", "hybrid"],
  ["Petrol", "combustion"],
  ["Diesel", "combustion"],
  [null, "combustion"],
])("fuel %j → %s", (fuel, power) => expect(powertrainOf(fuel)).toBe(power));

test.each([
  ["VIC", "VIC"],
  ["Vic", "VIC"],
  ["Victoria", "VIC"],
  [" new south wales ", "NSW"],
  ["N.T.", "NT"],
  ["Auckland", null],
  ["", null],
  [null, null],
])("state %j → %j", (text, state) => expect(auStateOf(text)).toBe(state));

test.each([
  ["Excl. Govt. Charges", true],
  ["excl govt charges", true],
  ["Drive Away", false],
  [null, false],
])("%j is excl. govt. charges: %s", (t, yes) => expect(isExclGovtCharges(t)).toBe(yes));

describe("the amount financed", () => {
  const car = { price: 45_990, fuel: "Petrol", priceType: "Excl. Govt. Charges" };
  test.each<[string, typeof car, { country: string; state: AuState | null; deliveryCharge: number }, number]>([
    ["an AU Excl. Govt. Charges car: the estimate", car, { country: "AU", state: "VIC", deliveryCharge: 1_495 }, 50_446],
    ["a Drive Away car: its price", { ...car, priceType: "Drive Away" }, { country: "AU", state: "VIC", deliveryCharge: 1_495 }, 45_990],
    ["a New Zealand site: its price", car, { country: "NZ", state: null, deliveryCharge: 1_495 }, 45_990],
    ["a site without a state: its price", car, { country: "AU", state: null, deliveryCharge: 0 }, 45_990],
  ])("%s", (_, v, where, amount) => expect(financedAmount(v, where)).toBe(amount));
});

test("an estimate in words, and none where the site does not show one", () => {
  const car = { price: 45_990, fuel: "Petrol", priceType: "Excl. Govt. Charges" };
  const site = { country: "AU", state: "VIC" as const, deliveryCharge: 1_495 };
  expect(estimateText(siteEstimate(car, site)!)).toBe("Est. drive-away $50,446 (VIC)");
  expect(estimateText(siteEstimate(car, site, "NSW")!)).toBe("Est. drive-away $50,150 (NSW)");
  expect(siteEstimate({ ...car, priceType: "Drive Away" }, site)).toBeNull();
  expect(siteEstimate({ ...car, price: 0 }, site)).toBeNull();
  expect(siteEstimate(car, { ...site, country: "NZ" })).toBeNull();
  expect(siteEstimate({ ...car, kind: "car" }, site)?.total).toBe(50_446);
  for (const kind of ["motorcycle", "truck", "motorhome", "towed"]) expect(siteEstimate({ ...car, kind }, site)).toBeNull();
});
