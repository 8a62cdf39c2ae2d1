import { describe, expect, test } from "vitest";
import { FeatureRuleSchema } from "@/domain/site/feature-rules";
import { isFinanceValue, type FinanceSettings } from "@/domain/site/finance";
import { DEMO_FEATURE_RULES, DEMO_SITES, EXPECTED_VISIBLE, HOURS } from "./sites";

// data/sites.json and its neighbours are cast to their types on import: these are the values the casts trust
// (the integrations' ids are checked against the settings schema in widgets.test.ts)
describe.each(DEMO_SITES.map((s) => [s.slug, s] as const))("the demo site %s", (slug, site) => {
  test("holds known values where its type has a list", () => {
    expect(["AU", "NZ", "US"]).toContain(site.country);
    for (const l of site.locations) expect(["sales", "service", "parts"]).toContain(l.type);
    for (const b of site.stock) expect(["new", "demo", "used"]).toContain(b.carType);
    if (site.blogs) expect(["grid", "list"]).toContain(site.blogs.layout);
    for (const [key, value] of Object.entries(site.finance ?? {}))
      expect(isFinanceValue(key as keyof FinanceSettings, value), key).toBe(true);
    for (const o of site.financeOffers ?? []) expect(["new", "demo", "used", null]).toContain(o.condition);
  });

  test("points only at its own dealerships and locations", () => {
    const dealerships = site.dealerships.map((d) => d.id);
    const locations = site.locations.map((l) => l.id);
    for (const l of site.locations) if (l.dealershipId !== undefined) expect(dealerships).toContain(l.dealershipId);
    for (const l of site.locations) if (l.rating) expect(l.rating).toHaveLength(2);
    for (const b of site.stock) for (const id of Object.values(b.locations)) expect(locations).toContain(id);
  });

  test("has expected counts", () => {
    expect(EXPECTED_VISIBLE[slug]).toBeDefined();
  });
});

test("the demo's feature rules are rules the platform's API accepts", () => {
  for (const { key: _, ...rule } of DEMO_FEATURE_RULES) expect(FeatureRuleSchema.safeParse(rule).error?.issues ?? []).toEqual([]);
});

test("the demo's hours are a week of known statuses for each location type", () => {
  for (const week of Object.values(HOURS)) {
    expect(week.map((e) => e.weekday)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const e of week) expect(["Open", "Closed", "By Appointment"]).toContain(e.status);
  }
});
