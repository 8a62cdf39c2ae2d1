import { describe, expect, test } from "vitest";
import { comparisonRate } from "../leads/finance";
import { FinanceSettingsSchema } from "../staff/finance-settings";
import { calculatorNote, cardRepayment, defaultFinance, financeFor, financeOf, repaymentNote, type FinanceSettings } from "./finance";
import { appliedRateLine, isDay, rateFor, ratesInForce, type FinanceOffer, type RatedCar } from "./finance-rates";

const offer = (o: Partial<FinanceOffer>): FinanceOffer => ({
  label: "Mazda Finance 2.99%",
  make: "Mazda",
  model: null,
  condition: "new",
  rate: 2.99,
  from: "2026-10-01",
  to: "2026-12-31",
  ...o,
});

// no fees: each comparison rate is its rate, so the figures below are read off the settings
const SITE: FinanceSettings = {
  ...defaultFinance("AU"),
  rate: 8.99,
  condition_rates: { new: 6.99, demo: 7.49, used: null },
  offers: [
    offer({}),
    offer({ label: "CX-5 run-out", model: "CX-5", condition: null, rate: 3.49 }),
    offer({ label: "BT-50 any condition", model: "BT-50", condition: null, rate: 4.99 }),
    offer({ label: "BT-50 new", model: "BT-50", condition: "new", rate: 5.49 }),
    offer({ label: "Toyota spring", make: "Toyota", condition: null, rate: 1.99, from: "2026-09-01", to: "2026-09-30" }),
  ],
};

const car = (make: string, model: string, carType: RatedCar["carType"]): RatedCar => ({ make, model, carType });

describe("rateFor: the rate a car's repayment is worked out at", () => {
  test.each<[string, RatedCar, string, number, string, string]>([
    ["a new Mazda in the offer's dates: the offer", car("Mazda", "Mazda3", "new"), "2026-11-18", 2.99, "offer", "Mazda Finance 2.99%"],
    ["the make matched whatever its case", car("MAZDA", "Mazda3", "new"), "2026-11-18", 2.99, "offer", "Mazda Finance 2.99%"],
    ["the offer's first day counts", car("Mazda", "Mazda3", "new"), "2026-10-01", 2.99, "offer", "Mazda Finance 2.99%"],
    ["the offer's last day counts", car("Mazda", "Mazda3", "new"), "2026-12-31", 2.99, "offer", "Mazda Finance 2.99%"],
    ["the day after: the new car rate", car("Mazda", "Mazda3", "new"), "2027-01-01", 6.99, "condition", "New car rate"],
    ["the day before: the new car rate", car("Mazda", "Mazda3", "new"), "2026-09-30", 6.99, "condition", "New car rate"],
    [
      "a used Mazda (the offer is for new): the site rate, no used rate set",
      car("Mazda", "Mazda3", "used"),
      "2026-11-18",
      8.99,
      "site",
      "Standard rate",
    ],
    ["a demo Hyundai: the demo rate", car("Hyundai", "i30", "demo"), "2026-11-18", 7.49, "condition", "Demo car rate"],
    // a model's offer is more specific than the make's, even at a higher rate
    ["a new CX-5: its model's offer over the make's", car("Mazda", "CX-5", "new"), "2026-11-18", 3.49, "offer", "CX-5 run-out"],
    ["a used CX-5: the model's offer has no condition", car("Mazda", "CX-5", "used"), "2026-11-18", 3.49, "offer", "CX-5 run-out"],
    // model and condition beat model alone, even at a higher rate
    ["a new BT-50: model and condition win", car("Mazda", "BT-50", "new"), "2026-11-18", 5.49, "offer", "BT-50 new"],
    [
      "a demo BT-50: the model's offer for any condition",
      car("Mazda", "BT-50", "demo"),
      "2026-11-18",
      4.99,
      "offer",
      "BT-50 any condition",
    ],
    ["a Toyota after its offer ended: the site's rate", car("Toyota", "Corolla", "used"), "2026-11-18", 8.99, "site", "Standard rate"],
    ["a Toyota during its offer", car("Toyota", "Corolla", "used"), "2026-09-15", 1.99, "offer", "Toyota spring"],
  ])("%s", (_, c, today, rate, source, label) => {
    const r = rateFor(SITE, c, today);
    expect(r).toMatchObject({ rate, source, label, comparison: rate });
  });

  test("two offers as specific as each other: the lower rate", () => {
    const s = { ...SITE, offers: [offer({ label: "A", rate: 3.9 }), offer({ label: "B", rate: 2.5 })] };
    expect(rateFor(s, car("Mazda", "2", "new"), "2026-11-18").label).toBe("B");
  });

  test("each rate's comparison rate takes in the site's fees", () => {
    const fees = { ...SITE, establishment_fee: 395, monthly_fee: 8 };
    const r = rateFor(fees, car("Mazda", "Mazda3", "new"), "2026-11-18");
    expect(r.comparison).toBe(comparisonRate(2.99, { establishmentFee: 395, monthlyFee: 8 }));
    expect(r.comparison).toBeGreaterThan(2.99);
  });

  test("the card's repayment follows the rate: a new Mazda under the offer pays less than a used one", () => {
    const newCar = cardRepayment(34_990, false, financeFor(SITE, car("Mazda", "Mazda3", "new"), "2026-11-18"));
    const usedCar = cardRepayment(34_990, false, financeFor(SITE, car("Mazda", "Mazda3", "used"), "2026-11-18"));
    expect(newCar).toBe(cardRepayment(34_990, false, { ...SITE, rate: 2.99 }));
    expect(usedCar).toBe(cardRepayment(34_990, false, { ...SITE, rate: 8.99 }));
    expect(newCar).not.toBe(usedCar);
  });
});

describe("the words for a rate", () => {
  const mazda = rateFor(SITE, car("Mazda", "Mazda3", "new"), "2026-11-18");
  const used = rateFor({ ...SITE, condition_rates: { new: null, demo: null, used: 9.5 } }, car("Kia", "Rio", "used"), "2026-11-18");
  test.each<[string, ReturnType<typeof rateFor>, string, string | null]>([
    ["an offer, Australia", mazda, "AU", "2.99% p.a. Mazda Finance 2.99% offer, comparison rate 2.99% p.a., until 31 Dec 2026"],
    ["an offer, New Zealand", mazda, "NZ", "2.99% p.a. Mazda Finance 2.99% offer, until 31 Dec 2026"],
    ["an offer, United States", mazda, "US", "2.99% APR, Mazda Finance 2.99% offer, until Dec 31, 2026"],
    ["a condition's rate", used, "AU", "9.5% p.a. used car rate, comparison rate 9.5% p.a."],
    ["the site's rate: named in the note only", rateFor(SITE, car("Kia", "Rio", "used"), "2026-11-18"), "AU", null],
  ])("%s", (_, r, country, line) => expect(appliedRateLine(r, country)).toBe(line));

  test("the note under a page of cards names every rate in force today, each with its comparison rate", () => {
    const note = repaymentNote(SITE, "AU", ratesInForce(SITE, "2026-11-18"))!;
    expect(note).toContain(
      "at the rate for each car (8.99% p.a. (comparison rate 8.99% p.a.) for other cars; 6.99% p.a. (comparison rate 6.99% p.a.) for new cars; " +
        "7.49% p.a. (comparison rate 7.49% p.a.) for demo cars; 2.99% p.a. (comparison rate 2.99% p.a.) for Mazda Finance 2.99% on new Mazda until 31 Dec 2026;",
    );
    // the Toyota offer ended in September
    expect(note).not.toContain("Toyota");
    expect(note).toContain("WARNING: This comparison rate is true only for the examples given");
  });

  test("a site with one rate keeps its one-rate note", () => {
    const plain = defaultFinance("AU");
    expect(repaymentNote(plain, "AU", ratesInForce(plain, "2026-11-18"))).toBe(repaymentNote(plain, "AU"));
  });

  test("a car's own note: its rate and comparison rate", () => {
    const fees = { ...SITE, establishment_fee: 395, monthly_fee: 8 };
    const r = rateFor(fees, car("Mazda", "Mazda3", "new"), "2026-11-18");
    expect(repaymentNote(fees, "AU", [r])).toContain(`at 2.99% p.a. (comparison rate ${r.comparison}% p.a.) over 5 years`);
  });
});

describe("the calculator's note describes the figures on screen", () => {
  const q = {
    price: 40_000,
    deposit: 5_000,
    balloon: 8_000,
    term_months: 36,
    frequency: "fortnightly" as const,
    rate: 6.5,
    repayment: 412,
  };
  const fees = { establishment_fee: 395, monthly_fee: 8 };
  const cmp = comparisonRate(6.5, { establishmentFee: 395, monthlyFee: 8 });
  test.each<[string, string, string]>([
    [
      "Australia",
      "AU",
      `*Estimated fortnightly repayment of $412 a fortnight on $40,000 with a $5,000 deposit and a $8,000 balloon over 3 years at 6.5% p.a. (comparison rate ${cmp}% p.a.), including a $395 establishment fee and a $8 monthly account fee.`,
    ],
    [
      "New Zealand",
      "NZ",
      "*Estimated fortnightly repayment of $412 a fortnight on $40,000 with a $5,000 deposit and a $8,000 balloon over 3 years at an interest rate of 6.5% p.a., including a $395 establishment fee and a $8 monthly account fee.",
    ],
    [
      "United States",
      "US",
      `78 payments on $40,000 with a $5,000 down payment and a $8,000 balloon over 3 years at ${cmp}% APR (6.5% interest)`,
    ],
  ])("%s", (_, country, text) => expect(calculatorNote(q, fees, country as "AU")).toContain(text));

  test("no deposit, no balloon, no fees said so; nothing borrowed: the rate and fees still named", () => {
    expect(calculatorNote({ ...q, deposit: 0, balloon: 0 }, { establishment_fee: 0, monthly_fee: 0 }, "AU")).toContain(
      "on $40,000 with no deposit and no balloon over 3 years at 6.5% p.a. (comparison rate 6.5% p.a.), including no fees.",
    );
    expect(calculatorNote({ ...q, deposit: 40_000, repayment: 0 }, fees, "AU")).toContain(
      "*Estimated fortnightly repayment on $40,000 with a $40,000 deposit and a $8,000 balloon over 3 years at 6.5% p.a.",
    );
  });
});

describe("stored rates and the form's checks", () => {
  test("stored condition rates and offers are read back; a bad one is left out, the rest kept", () => {
    const f = financeOf({
      country: "AU",
      finance: {
        rate: 8.99,
        condition_rates: { new: 6.99, demo: "7", used: 31 },
        offers: [offer({}), offer({ rate: 40 }), offer({ from: "2026-12-31", to: "2026-01-01" }), { make: "Mazda" }, "x"],
      },
    });
    expect(f.condition_rates).toEqual({ new: 6.99, demo: null, used: null });
    expect(f.offers).toEqual([offer({})]);
  });

  test("what the form accepts is read back as stored", () => {
    const stored = { ...SITE, offers: [...SITE.offers] };
    expect(FinanceSettingsSchema.parse(stored)).toEqual(stored);
    expect(financeOf({ country: "AU", finance: stored })).toEqual(stored);
  });

  test.each<[string, Partial<FinanceSettings> | Record<string, unknown>, string]>([
    ["a condition rate over 30%", { condition_rates: { new: 31, demo: null, used: null } }, "condition_rates.new"],
    ["a negative used rate", { condition_rates: { new: null, demo: null, used: -1 } }, "condition_rates.used"],
    ["an offer rate over 30%", { offers: [offer({ rate: 30.5 })] }, "offers.0.rate"],
    ["an offer without a make", { offers: [offer({ make: " " })] }, "offers.0.make"],
    ["an offer without a name", { offers: [offer({ label: "" })] }, "offers.0.label"],
    ["an offer ending before it starts", { offers: [offer({ from: "2026-12-01", to: "2026-11-30" })] }, "offers.0.to"],
    ["a day that is not a day", { offers: [offer({ from: "2026-02-30" })] }, "offers.0.from"],
    ["an unknown condition", { offers: [offer({ condition: "old" as never })] }, "offers.0.condition"],
    ["a make with a NUL", { offers: [offer({ make: "Maz\u0000da" })] }, "offers.0.make"],
    ["21 offers", { offers: Array.from({ length: 21 }, () => offer({})) }, "offers"],
    ["an unknown key on an offer", { offers: [{ ...offer({}), __proto__x: 1 }] }, "offers.0"],
  ])("the form refuses %s", (_, change, path) => {
    const r = FinanceSettingsSchema.safeParse({ ...SITE, ...change });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.path.join(".")).toBe(path);
  });

  test.each([
    ["2026-12-31", true],
    ["2024-02-29", true],
    ["2026-02-29", false],
    ["2026-1-01", false],
    ["", false],
  ])("isDay(%j) is %s", (v, ok) => expect(isDay(v)).toBe(ok));
});
