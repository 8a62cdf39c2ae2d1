import { describe, expect, test } from "vitest";
import { rangeLabel, understandKeywords } from "./understand";

const BODY_MOTORHOME = ["motorhome", "class c motorhome", "class a motorhome", "class b motorhome"];

describe("keywords that understand", () => {
  test.each<[string, Record<string, unknown>, string[], string]>([
    // q, what it sets, its chips, the keywords left
    ["red suv", { filters: { colour: ["red"], body: [["suv"]] } }, ["Red", "SUV"], ""],
    ["Red SUVs", { filters: { colour: ["red"], body: [["suv"]] } }, ["Red", "SUV"], ""],
    ["hybrid", { filters: { fuel: ["hybrid"] } }, ["Hybrid"], ""],
    ["7 seater", { filters: { seats: 7 } }, ["7+ seats"], ""],
    ["7 seats", { filters: { seats: 7 } }, ["7+ seats"], ""],
    ["seven-seater kia", { filters: { seats: 7 } }, ["7+ seats"], "kia"],
    ["suv under 40000", { filters: { body: [["suv"]] }, price: { max: 40_000 } }, ["SUV", "Under $40,000"], ""],
    ["under 40k", { price: { max: 40_000 } }, ["Under $40,000"], ""],
    ["under $40,000", { price: { max: 40_000 } }, ["Under $40,000"], ""],
    ["$20-30k", { price: { min: 20_000, max: 30_000 } }, ["$20,000–$30,000"], ""],
    [
      "20k to 30k hatch",
      { price: { min: 20_000, max: 30_000 }, filters: { body: [["hatch", "hatchback"]] } },
      ["$20,000–$30,000", "Hatch"],
      "",
    ],
    ["over 50k", { price: { min: 50_000 } }, ["From $50,000"], ""],
    ["$30k", { price: { max: 30_000 } }, ["Under $30,000"], ""],
    ["2020 or newer", { year: { min: 2020 } }, ["2020 or newer"], ""],
    ["2020+ corolla", { year: { min: 2020 } }, ["2020 or newer"], "corolla"],
    ["from 2019", { year: { min: 2019 } }, ["2019 or newer"], ""],
    ["newer than 2019", { year: { min: 2020 } }, ["2020 or newer"], ""],
    ["before 2015", { year: { max: 2014 } }, ["2014 or older"], ""],
    ["2018-2020", { year: { min: 2018, max: 2020 } }, ["2018–2020"], ""],
    ["under 50,000 km", { odometer: { max: 50_000 } }, ["Under 50,000 km"], ""],
    ["less than 80k kms", { odometer: { max: 80_000 } }, ["Under 80,000 km"], ""],
    ["4x4 ute", { filters: { drive: ["4WD", "4X4"], body: [["ute", "utility", "tray", "cab chassis", "pickup"]] } }, ["4x4", "Ute"], ""],
    ["awd", { filters: { drive: ["AWD"] } }, ["AWD"], ""],
    ["used auto", { carTypes: ["used"], filters: { transmission: ["auto"] } }, ["Used", "Automatic"], ""],
    ["demo manual", { carTypes: ["demo"], filters: { transmission: ["manual"] } }, ["Demo", "Manual"], ""],
    ["electric", { filters: { fuel: ["electric"] } }, ["Electric"], ""],
    ["ev", { filters: { fuel: ["electric"] } }, ["Electric"], ""],
    ["diesel wagon", { filters: { fuel: ["diesel"], body: [["wagon"]] } }, ["Diesel", "Wagon"], ""],
    ["grey gray", { filters: { colour: ["grey"] } }, ["Grey", "Grey"], ""],
  ])("%j", (q, sets, chips, rest) => {
    const u = understandKeywords(q);
    expect(u).toMatchObject(sets);
    expect(u.terms.map((t) => t.label)).toEqual(chips);
    expect(u.rest).toBe(rest);
  });

  // each trade's own words, by the template that sells it
  const TRAY = ["tray", "tray top", "tray back", "table top"];
  const FAMILY_CHIP = "Family: 5+ seats, SUV, wagon or people mover";
  test.each<[string, string, Record<string, unknown>, string[], string]>([
    // template, q, what it sets, its chips, the keywords left
    ["campers", "4 berth", { filters: { berths: 4 } }, ["Sleeps 4+"], ""],
    ["campers", "4-berth motorhome", { filters: { berths: 4, body: [BODY_MOTORHOME] } }, ["Sleeps 4+", "Motorhome"], ""],
    ["campers", "sleeps 6", { filters: { berths: 6 } }, ["Sleeps 6+"], ""],
    ["campers", "sleeps four jayco", { filters: { berths: 4 } }, ["Sleeps 4+"], "jayco"],
    ["campers", "6 berths", { filters: { berths: 6 } }, ["Sleeps 6+"], ""],
    ["rv", "sleeps 8 class c", { filters: { berths: 8 } }, ["Sleeps 8+"], "class c"],
    ["trucks", "tipper", { filters: { body: [["tipper"]] } }, ["Tipper"], ""],
    ["trucks", "isuzu tippers", { filters: { body: [["tipper"]] } }, ["Tipper"], "isuzu"],
    ["trucks", "tray", { filters: { body: [TRAY] } }, ["Tray"], ""],
    ["trucks", "tray top hino", { filters: { body: [TRAY] } }, ["Tray"], "hino"],
    ["trucks", "cab chassis", { filters: { body: [["cab chassis"]] } }, ["Cab chassis"], ""],
    ["trucks", "cab-chassis", { filters: { body: [["cab chassis"]] } }, ["Cab chassis"], ""],
    ["trucks", "4.5t GVM", { filters: { gvm: { max: 4500 } } }, ["GVM up to 4,500 kg"], ""],
    ["trucks", "GVM 4500", { filters: { gvm: { max: 4500 } } }, ["GVM up to 4,500 kg"], ""],
    ["trucks", "gvm under 8t", { filters: { gvm: { max: 8000 } } }, ["GVM up to 8,000 kg"], ""],
    ["trucks", "over 8 tonne gvm tipper", { filters: { gvm: { min: 8000 }, body: [["tipper"]] } }, ["GVM from 8,000 kg", "Tipper"], ""],
    ["trucks", "7,500 kg gvm", { filters: { gvm: { max: 7500 } } }, ["GVM up to 7,500 kg"], ""],
    ["motorcycles", "LAMS", { filters: { lams: true } }, ["LAMS approved"], ""],
    ["motorcycles", "learner approved", { filters: { lams: true } }, ["LAMS approved"], ""],
    ["motorcycles", "learner legal yamaha", { filters: { lams: true } }, ["LAMS approved"], "yamaha"],
    ["motorcycles", "lams-approved naked", { filters: { lams: true } }, ["LAMS approved"], "naked"],
    ["default", "low kms suv", { odometer: { max: 30_000 }, filters: { body: [["suv"]] } }, ["Under 30,000 km", "SUV"], ""],
    ["default", "low km", { odometer: { max: 30_000 } }, ["Under 30,000 km"], ""],
    ["default", "under 10,000 km low kms", { odometer: { max: 10_000 } }, ["Under 10,000 km"], "low kms"],
    ["default", "cheap family car", { filters: { cheap: true, family: true } }, ["Cheapest third by price", FAMILY_CHIP], ""],
    ["default", "budget hatch", { filters: { cheap: true, body: [["hatch", "hatchback"]] } }, ["Cheapest third by price", "Hatch"], ""],
    ["default", "family suv", { filters: { family: true, body: [["suv"]] } }, [FAMILY_CHIP, "SUV"], ""],
    ["default", "people mover", { filters: { body: [["people mover", "peoplemover"]] } }, ["People mover"], ""],
    ["motorcycles", "cheap lams bike", { filters: { cheap: true, lams: true } }, ["Cheapest third by price", "LAMS approved"], "bike"],
    ["rv", "low miles", { odometer: { max: 30_000 } }, ["Under 30,000 mi"], ""],
  ])("%s: %j", (_template, q, sets, chips, rest) => {
    const u = understandKeywords(q);
    expect(u).toMatchObject(sets);
    expect(u.terms.map((t) => t.label)).toEqual(chips);
    expect(u.rest).toBe(rest);
  });

  test("a word that only names what is searched for stays a keyword on its own", () => {
    expect(understandKeywords("car").rest).toBe("car");
    expect(understandKeywords("red car").rest).toBe("");
    expect(understandKeywords("red car").terms.map((t) => t.label)).toEqual(["Red"]);
  });

  test.each([
    ["mazda cx5", "mazda cx5"],
    ["land cruiser", "land cruiser"],
    ["CX-5 Maxx Sport", "cx-5 maxx sport"],
    ["PK-10250/B", "pk-10250/b"],
    ["", ""],
    ["under", "under"],
    ["$5", "$5"],
    ["99 seater", "99 seater"],
    ["40 berth", "40 berth"],
    ["0.1t gvm", "0.1t gvm"],
    ["low", "low"],
    ["lamson", "lamson"],
    ["__proto__ constructor", "__proto__ constructor"],
  ])("%j is not understood: the keywords stay %j", (q, rest) => {
    const u = understandKeywords(q);
    expect(u.terms).toEqual([]);
    expect(u.rest).toBe(rest);
  });

  test("each chip's link leaves out only its own words", () => {
    const u = understandKeywords("red mazda suv under 40k");
    expect(u.rest).toBe("mazda");
    expect(u.withoutRest).toBe("red suv under 40k");
    expect(u.terms).toEqual([
      { label: "Red", without: "mazda suv under 40k" },
      { label: "SUV", without: "red mazda under 40k" },
      { label: "Under $40,000", without: "red mazda suv" },
    ]);
  });

  test("a long or hostile value is read up to 120 characters and never throws", () => {
    expect(understandKeywords(`${"red ".repeat(100)}`).filters.colour).toEqual(["red"]);
    expect(() => understandKeywords("\u0000 $1e999k - $NaN under 1,,,,0k")).not.toThrow();
  });
});

describe("a range as a chip says it", () => {
  test.each<[Parameters<typeof rangeLabel>[0], Record<string, number>, string | null]>([
    ["price", { max: 40_000 }, "Under $40,000"],
    ["price", { min: 15_000 }, "From $15,000"],
    ["price", { min: 20_000, max: 30_000 }, "$20,000–$30,000"],
    ["year", { min: 2020 }, "2020 or newer"],
    ["year", { max: 2014 }, "2014 or older"],
    ["year", { min: 2018, max: 2020 }, "2018–2020"],
    ["year", { min: 2020, max: 2020 }, "2020"],
    ["odometer", { max: 50_000 }, "Under 50,000 km"],
    ["odometer", { min: 10_000, max: 50_000 }, "10,000–50,000 km"],
    ["odometer", {}, null],
  ])("%s %j → %s", (dimension, r, label) => expect(rangeLabel(dimension, r)).toBe(label));
  test("miles on a US site", () => expect(rangeLabel("odometer", { min: 20_000 }, "mi")).toBe("Over 20,000 mi"));
});
