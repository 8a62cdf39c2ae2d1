import { describe, expect, test } from "vitest";
import { ACCENTED, compactKey, parseKeywords, PLAIN } from "./keywords";

describe("keywords as a shopper types them", () => {
  test.each([
    ["cx5", ["cx5"], "cx5"],
    ["CX-5", ["cx5"], "cx5"],
    ["CX 5", ["cx", "5"], "cx5"],
    ["mazda cx5", ["mazda", "cx5"], "mazdacx5"],
    ["  Mazda,   CX-5 ", ["mazda", "cx5"], "mazdacx5"],
    ["land cruiser", ["land", "cruiser"], "landcruiser"],
    ["LandCruiser", ["landcruiser"], "landcruiser"],
    ["Škoda", ["skoda"], "skoda"],
    ["vw golf", ["volkswagen", "golf"], "volkswagengolf"],
    ["a b c d e f g", ["a", "b", "c", "d", "e"], "abcde"],
    ["constructor", ["constructor"], "constructor"], // a word, not a property of the alias table
    ["__proto__ toString", ["proto", "tostring"], "prototostring"],
  ])("%j → %j", (q, tokens, compact) => {
    expect(parseKeywords(q)).toMatchObject({ tokens, compact });
  });

  test.each(["", "   ", "-- //", "%_"])("%j has nothing to search for", (q) => {
    expect(parseKeywords(q)).toBeNull();
  });

  test("stock reduces the same way", () => {
    expect(compactKey("Mercedes-Benz GLC 300")).toBe("mercedesbenzglc300");
    expect(compactKey("Citroën C5 Aircross")).toBe("citroenc5aircross");
    expect(ACCENTED.length).toBe(PLAIN.length); // the SQL translate() needs equal lengths
  });
});
