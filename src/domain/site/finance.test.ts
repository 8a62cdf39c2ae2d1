import { describe, expect, test } from "vitest";
import { FinanceSettingsSchema } from "../staff/finance-settings";
import { cardRepayment, defaultFinance, financeOf, repaymentNote, type FinanceSettings } from "./finance";

const PARKSIDE: FinanceSettings = { ...defaultFinance("AU"), rate: 8.99, establishment_fee: 395, monthly_fee: 8 };

describe("a site's finance terms", () => {
  test.each([
    ["AU", "weekly"],
    ["NZ", "weekly"],
    ["US", "monthly"],
  ] as const)("%s: 10%% a year over five years, 10%% down, shown %s", (country, frequency) =>
    expect(defaultFinance(country)).toEqual({
      show_repayments: true,
      rate: 10,
      term_months: 60,
      deposit_percent: 10,
      balloon_percent: 0,
      frequency,
      establishment_fee: 0,
      monthly_fee: 0,
      condition_rates: { new: null, demo: null, used: null },
      offers: [],
      delivery_charge: 0,
    }),
  );

  test("stored values over the defaults; a bad stored value is ignored, never shown", () =>
    expect(
      financeOf({
        country: "AU",
        finance: { rate: 8.99, frequency: "fortnightly", term_months: 61, deposit_percent: "10", monthly_fee: 1.005, balloon_percent: 61 },
      }),
    ).toMatchObject({
      rate: 8.99,
      frequency: "fortnightly",
      term_months: 60,
      deposit_percent: 10,
      monthly_fee: 0,
      balloon_percent: 0,
    }));

  test("every setting the form accepts is read back as stored", () => {
    const stored = {
      ...PARKSIDE,
      frequency: "monthly",
      term_months: 84,
      balloon_percent: 60,
      monthly_fee: 99.99,
      delivery_charge: 5_000,
    } as const;
    expect(FinanceSettingsSchema.parse(stored)).toEqual(stored);
    expect(financeOf({ country: "AU", finance: stored })).toEqual(stored);
  });

  test.each<[string, Record<string, unknown>, string]>([
    ["a rate over 30%", { rate: 31 }, "rate"],
    ["a negative deposit", { deposit_percent: -1 }, "deposit_percent"],
    ["a term not offered", { term_months: 50 }, "term_months"],
    ["a fee in fractions of a cent", { establishment_fee: 1.005 }, "establishment_fee"],
    ["an unknown frequency", { frequency: "daily" }, "frequency"],
    ["a delivery charge over $5,000", { delivery_charge: 5_001 }, "delivery_charge"],
    ["a negative delivery charge", { delivery_charge: -1 }, "delivery_charge"],
    ["a text rate", { rate: "9" }, "rate"],
    ["an unknown key", { __proto__x: 1 }, ""],
  ])("the form refuses %s", (_, change, path) => {
    const r = FinanceSettingsSchema.safeParse({ ...PARKSIDE, ...change });
    expect(r.success).toBe(false);
    if (path) expect(r.error!.issues[0]!.path).toEqual([path]);
  });
});

describe("the repayment on a card", () => {
  test.each<[string, number | null, boolean, Partial<FinanceSettings>, string | null]>([
    ["a priced car", 34_990, false, {}, "$155/wk*"],
    ["fortnightly", 34_990, false, { frequency: "fortnightly" }, "$309/fn*"],
    ["no price", null, false, {}, null],
    ["a zero price", 0, false, {}, null],
    ["sold", 34_990, true, {}, null],
    ["repayments switched off", 34_990, false, { show_repayments: false }, null],
    // 90% down leaves $3,499 borrowed: a balloon larger than that is the whole loan (interest and fees are still paid)
    ["a balloon larger than the loan", 34_990, false, { deposit_percent: 90, balloon_percent: 60 }, "$10/wk*"],
  ])("%s → %s", (_, price, sold, change, expected) => expect(cardRepayment(price, sold, { ...PARKSIDE, ...change })).toBe(expected));
});

describe("the note under the figures, in each market's words", () => {
  test("Australia: the comparison rate and the regulations' warning, for the site's own terms", () => {
    const note = repaymentNote(PARKSIDE, "AU")!;
    expect(note).toContain(
      "*Indicative weekly repayment at 8.99% p.a. (comparison rate 10.09% p.a.) over 5 years with a 10% deposit and no balloon",
    );
    expect(note).toContain("including a $395 establishment fee and a $8 monthly account fee");
    expect(note).toContain("Comparison rate based on a $30,000 secured loan over 5 years.");
    expect(note).toContain(
      "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. Different terms, fees or other loan amounts might result in a different comparison rate.",
    );
  });
  test("no fees: the comparison rate is the rate", () =>
    expect(repaymentNote(defaultFinance("AU"), "AU")).toContain("at 10% p.a. (comparison rate 10% p.a.)"));
  test("New Zealand: the rate and every fee, no comparison rate", () => {
    const note = repaymentNote({ ...PARKSIDE, frequency: "fortnightly", balloon_percent: 30 }, "NZ")!;
    expect(note).toContain(
      "*Indicative fortnightly repayment at an interest rate of 8.99% p.a. over 5 years with a 10% deposit and a 30% final balloon payment",
    );
    expect(note).not.toContain("comparison");
  });
  test("United States: down payment, number of payments and APR", () =>
    expect(repaymentNote({ ...defaultFinance("US"), rate: 7.49 }, "US")).toContain(
      "*Estimated monthly payment: 60 payments (one each month) at 7.49% APR with 10% down.",
    ));
  test("no figure shown, no note", () => expect(repaymentNote({ ...PARKSIDE, show_repayments: false }, "AU")).toBeNull());
});
