import { describe, expect, test } from "vitest";
import {
  DEFAULT_FEATURES,
  FEATURE_RULES,
  enquireButtonText,
  financeApplications,
  newSiteFeatures,
  resolveFeatures,
  ruleApplies,
  sellCarForm,
  subscriptionLine,
  usedWord,
  type FeatureRule,
} from "./features";

const base = { id: 1, slug: "acme-motors", name: "Acme Motors", dealershipGroup: null, manufacturer: null, features: {} };

describe("resolveFeatures", () => {
  test("no rule, no stored flags → defaults", () => {
    expect(resolveFeatures(base, FEATURE_RULES)).toEqual(DEFAULT_FEATURES);
  });

  test.each([
    ["group", { ...base, dealershipGroup: "Harbour City Automotive" }, "used_wording_pre_owned", true],
    ["group", { ...base, dealershipGroup: "Harbour City Automotive" }, "push_leads_to_primary_location", true],
    ["manufacturer", { ...base, manufacturer: "Yamaha" }, "blog_path_news", true],
    ["manufacturer (other)", { ...base, manufacturer: "Kawasaki" }, "blog_path_news", false],
    ["slug", { ...base, slug: "lakeside-rv" }, "fixed_dealership_slug", "rv-sales"],
    ["slug (no rv word)", { ...base, slug: "driver-motors" }, "fixed_dealership_slug", null],
    ["name", { ...base, name: "360 Finance Brokers" }, "fixed_dealership_slug", "360-finance"],
    ["slug", { ...base, slug: "demo-motors" }, "mock_leads", true],
    ["slug (not demo)", { ...base, slug: "parkside-motor-group" }, "mock_leads", false],
  ] as const)("derived from %s: %o → %s = %s", (_by, site, flag, value) => {
    expect(resolveFeatures(site, FEATURE_RULES)[flag]).toEqual(value);
  });

  test("a flag stored on the site record wins over a rule", () => {
    const site = { ...base, dealershipGroup: "Harbour City Automotive", features: { used_wording_pre_owned: false } };
    expect(resolveFeatures(site, FEATURE_RULES).used_wording_pre_owned).toBe(false);
    expect(resolveFeatures(site, FEATURE_RULES).push_leads_to_primary_location).toBe(true);
  });

  test.each([
    [{ id: [1, 2] }, true],
    [{ id: 2 }, false],
    [{ id: 1, slug: "acme-motors" }, true],
    [{ id: 1, slug: "other" }, false],
    [{ group: "X" }, false],
    [{}, false],
  ] as Array<[FeatureRule["match"], boolean]>)("rule match %o → %s", (match, applies) => {
    expect(ruleApplies({ why: "t", match, set: {} }, base)).toBe(applies);
  });
});

describe("wording", () => {
  test.each([
    [true, "pre-owned"],
    [false, "used"],
  ])("pre-owned flag %s → %s", (flag, word) => expect(usedWord({ used_wording_pre_owned: flag })).toBe(word));
  test.each([
    [true, "Message Now"],
    [false, "Enquire Now"],
  ])("message-now flag %s → %s", (flag, text) => expect(enquireButtonText({ enquire_button_message_now: flag })).toBe(text));
});

describe("Sell My Car or Trade-In: one rule", () => {
  test.each([
    [true, { form: "sell-my-car", href: "/sell-my-car", title: "Sell My Car", action: "Sell My Car" }],
    [false, { form: "trade-in", href: "/trade-in", title: "Trade-In", action: "Value My Trade" }],
  ])("sell_my_car %s", (flag, expected) => expect(sellCarForm({ sell_my_car: flag })).toEqual(expected));
});

describe("finance_provider decides what the finance form does", () => {
  test.each([
    ["Manual", "manual"],
    ["manual", "manual"],
    ["Stratton", "manual"],
    [null, "none"],
    ["  ", "none"],
  ] as const)("%j → %s", (financeProvider, kind) => expect(financeApplications({ financeProvider })).toBe(kind));

  test("no finance provider: no pre-approval, even where the flag is on", () => {
    const site = { id: 1, slug: "x", name: "X", dealershipGroup: null, manufacturer: null, features: { finance_pre_approval: true } };
    expect(resolveFeatures({ ...site, financeProvider: "Manual" }, FEATURE_RULES).finance_pre_approval).toBe(true);
    expect(resolveFeatures({ ...site, financeProvider: null }, FEATURE_RULES).finance_pre_approval).toBe(false);
  });
});

describe("subscriptionLine (offers_subscription)", () => {
  test.each([
    [true, 309, "Or subscribe from $309 a week"],
    [true, 1250, "Or subscribe from $1,250 a week"],
    [false, 309, null],
    [true, null, null],
    [true, 0, null],
  ] as const)("offers %s, weekly %s → %j", (offers_subscription, weekly, line) =>
    expect(subscriptionLine({ offers_subscription }, weekly)).toBe(line),
  );
});

describe("opt_in_ticked: whether the marketing box starts ticked", () => {
  const demo = { ...base, slug: "parkside-motor-group" };
  test.each([
    ["the spec's default (opt_in default true), so every demo site", resolveFeatures(demo, FEATURE_RULES).opt_in_ticked, true],
    ["a new Australian site: unticked", { ...DEFAULT_FEATURES, ...newSiteFeatures("AU", []) }.opt_in_ticked, false],
    ["a new New Zealand site: unticked", { ...DEFAULT_FEATURES, ...newSiteFeatures("NZ", []) }.opt_in_ticked, false],
    ["a new US site: unticked", { ...DEFAULT_FEATURES, ...newSiteFeatures("US", ["autograb"]) }.opt_in_ticked, false],
    ["a site that turned it on", resolveFeatures({ ...base, features: { opt_in_ticked: true } }, FEATURE_RULES).opt_in_ticked, true],
  ])("%s", (_why, value, want) => expect(value).toBe(want));
});
