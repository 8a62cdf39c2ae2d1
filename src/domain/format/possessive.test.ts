import { describe, expect, test } from "vitest";
import { possessive } from "./possessive";

describe("possessive: a name's 's", () => {
  test.each([
    ["Parkside Motor Group", "'", "Parkside Motor Group's"],
    ["Audit Motors", "'", "Audit Motors'"],
    ["AUDIT MOTORS", "'", "AUDIT MOTORS'"],
    ["Tasman Campers ", "'", "Tasman Campers'"],
    ["Lakeside RV", "'", "Lakeside RV's"],
    ["car", "’", "car’s"],
    ["bus", "’", "bus’"],
    ["Parkside Mazda", "’", "Parkside Mazda’s"],
  ] as const)("%j with %s → %j", (name, mark, out) => expect(possessive(name, mark)).toBe(out));
});
