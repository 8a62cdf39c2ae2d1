import { formatPrice } from "../format/price";

/*
 * Loan arithmetic for the repayment figures: the indicative repayment a card and a
 * vehicle page show, the calculators, and the comparison rate Australian credit advertising needs
 * beside any rate or repayment. Pure; the site's terms come from src/domain/site/finance.ts.
 */

/** The finance calculator's default interest rate is 10 (% a year). */
export const DEFAULT_INTEREST_RATE = 10;

export const FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const isFrequency = (v: unknown): v is Frequency => typeof v === "string" && (FREQUENCIES as readonly string[]).includes(v);

export const PERIODS_PER_YEAR: Record<Frequency, number> = { weekly: 52, fortnightly: 26, monthly: 12 };
/** "$129/wk": the short suffix on a card. */
export const FREQUENCY_SHORT: Record<Frequency, string> = { weekly: "/wk", fortnightly: "/fn", monthly: "/mo" };
/** The choice's name on a form. */
export const FREQUENCY_LABELS: Record<Frequency, string> = { weekly: "Weekly", fortnightly: "Fortnightly", monthly: "Monthly" };
/** "$129 a week": the words in a sentence. */
export const FREQUENCY_WORDS: Record<Frequency, string> = { weekly: "a week", fortnightly: "a fortnight", monthly: "a month" };

/** The figures of one loan: what a calculator holds and what a lead carries. */
export type LoanTerms = {
  /** the car's price (or the amount a shopper types), dollars */
  price: number;
  /** paid up front, dollars */
  deposit: number;
  /** the final lump sum, dollars (0: none) */
  balloon: number;
  termMonths: number;
  frequency: Frequency;
  /** % a year */
  rate: number;
  /** added to the loan, dollars */
  establishmentFee: number;
  /** charged with every month's repayments, dollars */
  monthlyFee: number;
};

/** A site's terms as shares of a price (src/domain/site/finance.ts FinanceSettings has these). */
export type LoanShares = {
  rate: number;
  term_months: number;
  deposit_percent: number;
  balloon_percent: number;
  frequency: Frequency;
  establishment_fee: number;
  monthly_fee: number;
};

/** The loan on a car of this price under a site's terms (deposit and balloon as shares of the price, whole dollars). */
export function loanFor(price: number, f: LoanShares): LoanTerms {
  return {
    price,
    deposit: Math.round((price * f.deposit_percent) / 100),
    balloon: Math.round((price * f.balloon_percent) / 100),
    termMonths: f.term_months,
    frequency: f.frequency,
    rate: f.rate,
    establishmentFee: f.establishment_fee,
    monthlyFee: f.monthly_fee,
  };
}

/** Monthly repayment of an amortising loan; 0% is the principal spread evenly. */
export function monthlyRepayment(principal: number, annualRatePct: number, months: number): number {
  return periodicRepayment(principal, annualRatePct / 12, months, 0);
}

/** The payment each period that repays `principal` over `n` periods, leaving `balloon` owing at the end. */
function periodicRepayment(principal: number, periodRatePct: number, n: number, balloon: number): number {
  if (!(principal > 0) || !(n > 0)) return 0;
  const r = periodRatePct / 100;
  if (r === 0) return Math.max(0, (principal - balloon) / n);
  const pv = principal - balloon / (1 + r) ** n;
  return Math.max(0, (pv * r) / (1 - (1 + r) ** -n));
}

/** How many repayments a term holds at a frequency (60 months: 260 weeks, 130 fortnights, 60 months). */
export const paymentCount = (termMonths: number, frequency: Frequency): number =>
  Math.round((termMonths / 12) * PERIODS_PER_YEAR[frequency]);

/**
 * The repayment each period, fees included: the price less the deposit plus the establishment fee
 * is borrowed, the balloon is left to the end, and the monthly fee is spread over the period.
 * 0 when nothing is borrowed.
 */
export function repayment(t: LoanTerms): number {
  const borrowed = t.price - t.deposit;
  if (!(borrowed > 0) || !(t.termMonths > 0)) return 0;
  const ppy = PERIODS_PER_YEAR[t.frequency];
  const n = paymentCount(t.termMonths, t.frequency);
  const balloon = Math.min(Math.max(0, t.balloon), borrowed);
  const loan = periodicRepayment(borrowed + t.establishmentFee, t.rate / ppy, n, balloon);
  return loan + (t.monthlyFee * 12) / ppy;
}

/** A term as words: "5 years", "1 year", "18 months". */
export const termText = (months: number): string =>
  months % 12 === 0 ? `${months / 12} year${months === 12 ? "" : "s"}` : `${months} months`;

/** A repayment as a shopper reads it: whole dollars, rounded up (never less than the loan costs). */
export const repaymentDollars = (t: LoanTerms): number => Math.ceil(repayment(t) - 1e-9);

/** "$129/wk" (card), or null when nothing is borrowed. */
export function repaymentShort(t: LoanTerms): string | null {
  const r = repaymentDollars(t);
  return r > 0 ? `${formatPrice(r)}${FREQUENCY_SHORT[t.frequency]}` : null;
}

/** The comparison rate's standard example (National Consumer Credit Protection Regulations, reg 100): $30,000 over 5 years. */
export const COMPARISON_EXAMPLE = { amount: 30_000, termMonths: 60 } as const;

type Fees = { establishmentFee: number; monthlyFee: number };
type Example = { amount: number; termMonths: number };

/**
 * The comparison rate (% a year, two decimals): the rate at which the example's repayments, fees
 * included, are worth exactly the amount lent. With no fees it is the interest rate.
 */
export function comparisonRate(rate: number, fees: Fees, example: Example = COMPARISON_EXAMPLE): number {
  // a page asks for the same few rates many times (each card, the note, the calculator); each answer
  // is a hundred halvings, so answers are kept. A site has a handful of rates, so the bound is a fuse
  // that empties the map, not an eviction rule; not lru-cache, as this module ships in the calculator's
  // JavaScript (lru-cache would add about 6 KB gzipped to every vehicle page)
  const key = `${rate}|${fees.establishmentFee}|${fees.monthlyFee}|${example.amount}|${example.termMonths}`;
  const known = COMPARISON_RATES.get(key);
  if (known !== undefined) return known;
  const found = solveComparisonRate(rate, fees, example);
  if (COMPARISON_RATES.size >= 500) COMPARISON_RATES.clear();
  COMPARISON_RATES.set(key, found);
  return found;
}

const COMPARISON_RATES = new Map<string, number>();

function solveComparisonRate(rate: number, fees: Fees, example: Example): number {
  const { amount, termMonths: n } = example;
  const pay = periodicRepayment(amount + fees.establishmentFee, rate / 12, n, 0) + fees.monthlyFee;
  // the present value of the payments falls as the rate rises: halve the interval until it is the amount
  const worth = (monthly: number) => (monthly === 0 ? pay * n : (pay * (1 - (1 + monthly) ** -n)) / monthly);
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (worth(mid) > amount) lo = mid;
    else hi = mid;
  }
  return Math.round(((lo + hi) / 2) * 12 * 100 * 100) / 100;
}

/** "9.99": a rate as written, up to two decimals. */
export const rateText = (rate: number): string => String(Math.round(rate * 100) / 100);

/**
 * A lead's calculator figures as one answer: "$155 a week over 5 years at 8.99% p.a.: $34,990 with
 * a $3,499 deposit and no balloon". Null when they are not a quote (the server stored them checked).
 */
export function financeQuoteText(q: Record<string, unknown>): string | null {
  const n = (v: unknown) => (typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null);
  const price = n(q.price);
  const deposit = n(q.deposit);
  const balloon = n(q.balloon);
  const months = n(q.term_months);
  const rate = n(q.rate);
  const pay = n(q.repayment);
  if (
    price === null ||
    deposit === null ||
    balloon === null ||
    months === null ||
    rate === null ||
    pay === null ||
    !isFrequency(q.frequency)
  )
    return null;
  return (
    `${formatPrice(pay)} ${FREQUENCY_WORDS[q.frequency]} over ${termText(months)} at ${rateText(rate)}% p.a.: ` +
    `${formatPrice(price)} with ${deposit ? `a ${formatPrice(deposit)} deposit` : "no deposit"} and ${balloon ? `a ${formatPrice(balloon)} balloon` : "no balloon"}`
  );
}
