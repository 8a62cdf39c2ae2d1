import { describe, expect, test } from "vitest";
import { answerLabel, answerText } from "./answers";
import {
  comparisonRate,
  financeQuoteText,
  monthlyRepayment,
  paymentCount,
  repayment,
  repaymentDollars,
  repaymentShort,
  type LoanTerms,
} from "./finance";

const loan = (t: Partial<LoanTerms>): LoanTerms => ({
  price: 30_000,
  deposit: 0,
  balloon: 0,
  termMonths: 60,
  frequency: "monthly",
  rate: 10,
  establishmentFee: 0,
  monthlyFee: 0,
  ...t,
});

// the figures were worked out independently (the annuity formula in a spreadsheet, to the cent)
describe("repayments", () => {
  test.each<[string, Partial<LoanTerms>, number]>([
    ["$30,000 at 10% over 5 years, monthly", {}, 637.41],
    ["the same, weekly (260 payments)", { frequency: "weekly" }, 146.73],
    ["a $34,990 car with 10% down, weekly", { price: 34_990, deposit: 3_499, frequency: "weekly" }, 154.03],
    [
      "fees: $395 added to the loan, $8 a month spread over the weeks",
      { price: 34_990, deposit: 3_499, frequency: "weekly", rate: 8.99, establishmentFee: 395, monthlyFee: 8 },
      154.21,
    ],
    ["a 20% balloon left to the end", { price: 50_000, deposit: 5_000, balloon: 10_000, rate: 8.99 }, 801.29],
    ["0%: the loan spread evenly", { rate: 0 }, 500],
    ["nothing borrowed", { deposit: 30_000 }, 0],
    ["no term", { termMonths: 0 }, 0],
  ])("%s", (_, t, expected) => expect(repayment(loan(t))).toBeCloseTo(expected, 2));

  test.each<[LoanTerms["frequency"], number, string]>([
    ["weekly", 260, "$147/wk"],
    ["fortnightly", 130, "$294/fn"],
    ["monthly", 60, "$638/mo"],
  ])("%s: %d payments, shown rounded up as %s", (frequency, n, short) => {
    expect(paymentCount(60, frequency)).toBe(n);
    expect(repaymentShort(loan({ frequency }))).toBe(short);
  });

  test("a whole-dollar repayment is not rounded up past itself", () => expect(repaymentDollars(loan({ rate: 0 }))).toBe(500));
  test("nothing borrowed shows nothing", () => expect(repaymentShort(loan({ deposit: 40_000 }))).toBeNull());
  test("the calculator's monthly figure is the same arithmetic", () => expect(monthlyRepayment(30_000, 10, 60)).toBeCloseTo(637.41, 2));
});

describe("the comparison rate ($30,000 secured over 5 years)", () => {
  test.each([
    [10, 0, 0, 10],
    [8.99, 395, 8, 10.09],
    [6.49, 495, 10, 7.88],
    [0, 0, 0, 0],
  ])("%d%% with a $%d establishment fee and $%d a month → %d%%", (rate, establishmentFee, monthlyFee, expected) =>
    expect(comparisonRate(rate, { establishmentFee, monthlyFee })).toBe(expected),
  );
  test("an answer kept for one set of figures is never another's (the rate, each fee and the example are its key)", () => {
    const fees = { establishmentFee: 395, monthlyFee: 8 };
    expect(comparisonRate(8.99, fees)).toBe(10.09);
    expect(comparisonRate(8.99, fees)).toBe(10.09);
    expect(comparisonRate(8.99, { ...fees, monthlyFee: 0 })).toBeLessThan(10.09);
    expect(comparisonRate(8.99, { ...fees, establishmentFee: 0 })).toBeLessThan(10.09);
    expect(comparisonRate(8.99, fees, { amount: 10_000, termMonths: 60 })).toBeGreaterThan(10.09);
    expect(comparisonRate(8.99, fees, { amount: 30_000, termMonths: 24 })).toBeGreaterThan(10.09);
  });
});

describe("a lead's calculator figures as one answer", () => {
  const stored = { price: 57_990, deposit: 5_000, balloon: 11_598, term_months: 60, frequency: "monthly", rate: 8.99, repayment: 963 };
  test("what the dealer reads", () => {
    expect(financeQuoteText(stored)).toBe("$963 a month over 5 years at 8.99% p.a.: $57,990 with a $5,000 deposit and a $11,598 balloon");
    expect(answerText("finance_quote", { ...stored, deposit: 0, balloon: 0, term_months: 18, frequency: "weekly" })).toBe(
      "$963 a week over 18 months at 8.99% p.a.: $57,990 with no deposit and no balloon",
    );
    expect(answerLabel("finance_quote")).toBe("Repayment estimate");
  });
  test.each([{}, { ...stored, frequency: "daily" }, { ...stored, price: "57990" }, { ...stored, repayment: -1 }])("not a quote: %j", (q) =>
    expect(financeQuoteText(q)).toBeNull(),
  );
});
