import { describe, expect, test } from "vitest";
import { vehicleEnquiryCategory } from "@/domain/leads/answers";
import { addDays } from "@/domain/reports/range";
import { drawDay, HISTORY_SITE, HISTORY_SITES } from "./history";
import { DEMO_STAFF } from "./staff";

/*
 * The demo's year of leads: a lead about a car follows the one car_type rule (demo → Demo Vehicle
 * Enquiry, used → Used Vehicle Enquiry, else New Vehicle Enquiry), as a shopper's enquiry would.
 */
const vehicles = Array.from({ length: 30 }, (_, i) => ({ id: 500 + i, carType: ["new", "demo", "used"][i % 3]!, slug: `car-${i}` }));
const carType = new Map(vehicles.map((v) => [v.id, v.carType]));
const days = (n: number) => Array.from({ length: n }, (_, i) => addDays("2026-01-01", i));
const leadsOf = (siteIndex: number) =>
  days(60).flatMap(
    (day, index) =>
      drawDay(day, { site: HISTORY_SITES[siteIndex]!, locations: [10011, 10012], vehicles, now: Date.parse("2026-12-01"), index }).leads,
  );

describe("demo history leads", () => {
  test.each([0, 1, 2])("site %i: a vehicle enquiry about a car is filed by the car's type", (siteIndex) => {
    const aboutCars = leadsOf(siteIndex).filter((l) => l.vehicleId !== null && /Vehicle Enquiry$/.test(l.category));
    expect(aboutCars.length).toBeGreaterThan(10);
    for (const l of aboutCars) {
      expect(l.category).toBe(vehicleEnquiryCategory(carType.get(l.vehicleId!)));
      expect(l.payload.category).toBe(l.category);
    }
    // every kind of car's enquiry is there
    expect(new Set(aboutCars.map((l) => l.category))).toEqual(
      new Set(["New Vehicle Enquiry", "Demo Vehicle Enquiry", "Used Vehicle Enquiry"]),
    );
  });

  test("a finance enquiry about a car stays a finance enquiry", () => {
    const finance = leadsOf(0).filter((l) => l.payload.category === "Finance Enquiry");
    expect(finance.length).toBeGreaterThan(0);
    expect(finance.every((l) => l.category === "Finance Enquiry" && l.vehicleId !== null)).toBe(true);
  });
});

// the history sites are data (data/history.json): parkside first, under the key it always had, and each
// site's contacts made by one of its demo staff
test("the history sites are parkside first, each contacted by a demo staff member of that site", () => {
  expect(HISTORY_SITES[0]!.id).toBe(HISTORY_SITE);
  for (const site of HISTORY_SITES) {
    const member = DEMO_STAFF.find((s) => s.name === site.staff);
    expect(member?.roles.map((r) => r.siteId)).toContain(site.id);
  }
});
