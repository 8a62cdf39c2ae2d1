import { describe, expect, test } from "vitest";
import { NEW_ARRIVAL, vehicleTags, type Vehicle } from "@/domain/stock/vehicle";
import { generateDemoData } from "./generate";

/*
 * "New Arrival" marks a car listed in the last 7 days (vehicleTags). A search sorted newest first
 * brings every one of them to its first page, so the demo keeps them a minority there: at most one
 * card in nine of a 36-card page, and at least one for the home page's new arrivals row.
 */
const NOW = Date.UTC(2026, 10, 23, 1);
const PAGE = 36;

describe("the demo's new arrivals", () => {
  test.each(generateDemoData(NOW).map((d) => [d.site.slug, d.vehicles] as const))("%s: a few, not a third of a page", (_, vehicles) => {
    const listed = vehicles.filter((v) => v.showOnDealerWebsite !== false && v.status !== "sold");
    const tagged = (v: (typeof listed)[number]) =>
      vehicleTags({ status: (v.status ?? "in_stock") as Vehicle["status"], listedAt: v.listedAt!, special: false }, NOW);
    const fresh = listed.filter((v) => tagged(v).includes(NEW_ARRIVAL));
    expect(fresh.length).toBeGreaterThanOrEqual(1);
    expect(fresh.length).toBeLessThanOrEqual(Math.min(PAGE, listed.length) / 9);
  });
});
