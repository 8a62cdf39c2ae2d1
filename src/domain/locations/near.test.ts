import { describe, expect, test } from "vitest";
import { distanceLabel, distancesFrom, parseNear, pointOf, pointParam, withinKm } from "./near";

describe("where the shopper is (near me)", () => {
  test.each<[Record<string, string>, "AU" | "NZ" | "US", unknown]>([
    [{ postcode: "4405" }, "AU", { postcode: "4405" }],
    [{ postcode: " 4405 ", within: "50" }, "AU", { postcode: "4405", within: 50 }],
    [{ postcode: "4405", within: "60" }, "AU", { postcode: "4405" }],
    [{ postcode: "440" }, "AU", undefined],
    [{ postcode: "ABCD" }, "AU", undefined],
    [{ postcode: "8042" }, "NZ", undefined],
    [{ near: "-27.184567,151.26" }, "AU", { point: "-27.18,151.26" }],
    [{ near: "-43.53,172.63", within: "100" }, "NZ", { point: "-43.53,172.63", within: 100 }],
    [{ near: "91,0" }, "US", undefined],
    [{ near: "1,2,3" }, "US", undefined],
    [{ near: "__proto__" }, "US", undefined],
    [{ postcode: "4405", near: "-43.53,172.63" }, "AU", { postcode: "4405" }],
    [{}, "AU", undefined],
  ])("%j on a %s site → %j", (p, country, expected) => expect(parseNear(p, country)).toEqual(expected));

  test("a position is kept to two decimals (about a kilometre), never more exact", () => {
    expect(pointParam("-27.18456,151.26112")).toBe("-27.18,151.26");
    expect(pointOf("-27.18,151.26")).toEqual({ lat: -27.18, long: 151.26 });
  });

  test("each location's distance by the haversine formula", () => {
    const toowoomba = { id: 1, address: { lat: -27.5598, long: 151.9507 } };
    const dalby = { id: 2, address: { lat: -27.1817, long: 151.2623 } };
    const d = distancesFrom({ lat: -27.18, long: 151.26 }, [toowoomba, dalby]);
    expect(d.get(2)!).toBeLessThan(1);
    expect(d.get(1)!).toBeCloseTo(80.22, 1); // worked out apart: R = 6371 km
  });

  test.each([
    [12.4, "AU", "12 km away"],
    [0.4, "AU", "Less than 1 km away"],
    [1234.5, "NZ", "1,235 km away"],
    [16.1, "US", "10 mi away"],
  ])("%d km on a %s site: %s", (km, country, label) => expect(distanceLabel(km, country)).toBe(label));

  test("within 50 is 50 km, or 50 miles on a US site", () => {
    expect(withinKm(50, "AU")).toBe(50);
    expect(withinKm(50, "US")).toBeCloseTo(80.47, 1);
  });
});
