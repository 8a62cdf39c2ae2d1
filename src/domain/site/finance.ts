import { formatPrice } from "../format/price";
import {
  comparisonRate,
  COMPARISON_EXAMPLE,
  DEFAULT_INTEREST_RATE,
  FREQUENCY_WORDS,
  isFrequency,
  paymentCount,
  rateText,
  loanFor,
  repaymentShort,
  termText,
  type Frequency,
} from "../leads/finance";
import {
  CONDITIONS,
  isOffer,
  isRate,
  MAX_OFFERS,
  NO_CONDITION_RATES,
  rateFor,
  rateInNote,
  siteRate,
  type AppliedRate,
  type ConditionRates,
  type FinanceOffer,
  type RatedCar,
} from "./finance-rates";
import type { Country } from "./types";

/*
 * A site's finance settings: the terms its indicative repayments are worked out on, set
 * by the dealer in the back-office. One function (financeOf) says what a site's terms are; every
 * card, vehicle page, calculator and lead uses it.
 */

export const TERM_MONTHS = [12, 24, 36, 48, 60, 72, 84] as const;

/** A site's finance settings, as the back-office form sets them (its zod schema: src/domain/staff/finance-settings.ts). */
export type FinanceSettings = {
  /** repayments on cards and vehicle pages (the calculators stay either way) */
  show_repayments: boolean;
  /** % a year */
  rate: number;
  term_months: (typeof TERM_MONTHS)[number];
  deposit_percent: number;
  balloon_percent: number;
  frequency: Frequency;
  /** dollars, added to the loan */
  establishment_fee: number;
  /** dollars a month */
  monthly_fee: number;
  /** a rate for new, demo and used cars (null: the site's rate) */
  condition_rates: ConditionRates;
  /** dated rates for a make or model (finance-rates.ts rateFor chooses) */
  offers: FinanceOffer[];
  /** dollars: the dealer's delivery charge, part of the drive-away estimate of a car advertised Excl. Govt. Charges */
  delivery_charge: number;
};

/** Each number's range, for the form's checks and for reading stored settings alike. */
export const FINANCE_LIMITS = {
  rate: { max: 30, message: "Enter a rate between 0 and 30% a year" },
  deposit_percent: { max: 90, message: "Enter a deposit between 0 and 90% of the price" },
  balloon_percent: { max: 60, message: "Enter a balloon between 0 and 60% of the price" },
  establishment_fee: { max: 5000, message: "Enter a fee between $0 and $5,000", cents: true },
  monthly_fee: { max: 100, message: "Enter a fee between $0 and $100", cents: true },
  delivery_charge: { max: 5000, message: "Enter a delivery charge between $0 and $5,000", cents: true },
} as const;

const inRange = (key: keyof typeof FINANCE_LIMITS) => (v: unknown) => {
  const limit: { max: number; cents?: boolean } = FINANCE_LIMITS[key];
  return (
    typeof v === "number" &&
    Number.isFinite(v) &&
    v >= 0 &&
    v <= limit.max &&
    (!limit.cents || Math.abs(v * 100 - Math.round(v * 100)) < 1e-6)
  );
};
/** Whether a stored value can be used (anything else falls back to the default). */
const VALID: { [K in keyof FinanceSettings]: (v: unknown) => boolean } = {
  show_repayments: (v) => typeof v === "boolean",
  rate: inRange("rate"),
  term_months: (v) => (TERM_MONTHS as readonly unknown[]).includes(v),
  deposit_percent: inRange("deposit_percent"),
  balloon_percent: inRange("balloon_percent"),
  frequency: isFrequency,
  establishment_fee: inRange("establishment_fee"),
  monthly_fee: inRange("monthly_fee"),
  // read entry by entry in financeOf: one bad stored rate or offer does not cost the others
  condition_rates: (v) => typeof v === "object" && v !== null,
  offers: Array.isArray,
  delivery_charge: inRange("delivery_charge"),
};
export const isFinanceValue = <K extends keyof FinanceSettings>(key: K, v: unknown): v is FinanceSettings[K] => VALID[key](v);

/** The platform's terms where a site has set none (docs/features/finance.md): a 10% rate, five years, 10% down, no balloon or fees. */
export function defaultFinance(country: Country): FinanceSettings {
  return {
    show_repayments: true,
    rate: DEFAULT_INTEREST_RATE,
    term_months: 60,
    deposit_percent: 10,
    balloon_percent: 0,
    // weekly is how Australians and New Zealanders compare cars; US lenders quote a monthly payment
    frequency: country === "US" ? "monthly" : "weekly",
    establishment_fee: 0,
    monthly_fee: 0,
    condition_rates: { ...NO_CONDITION_RATES },
    offers: [],
    delivery_charge: 0,
  };
}

/** A site's finance terms: its stored settings over the defaults, each stored value used only when valid. */
export function financeOf(site: { country: Country; finance?: Partial<Record<keyof FinanceSettings, unknown>> | null }): FinanceSettings {
  const out: Record<string, unknown> = { ...defaultFinance(site.country) };
  for (const key of Object.keys(VALID) as Array<keyof FinanceSettings>) {
    const stored = site.finance?.[key];
    if (stored !== undefined && isFinanceValue(key, stored)) out[key] = stored;
  }
  const byCondition = (site.finance?.condition_rates ?? {}) as Record<string, unknown>;
  out.condition_rates = Object.fromEntries(CONDITIONS.map((c) => [c, isRate(byCondition[c]) ? byCondition[c] : null]));
  out.offers = (Array.isArray(site.finance?.offers) ? site.finance.offers : []).filter(isOffer).slice(0, MAX_OFFERS);
  return out as FinanceSettings;
}

/** "$129/wk*" for a card or a vehicle page; null where the site shows none, the car is sold or has no price. */
export function cardRepayment(price: number | null | undefined, sold: boolean, f: FinanceSettings): string | null {
  if (!f.show_repayments || sold || !price || !(price > 0)) return null;
  const short = repaymentShort(loanFor(price, f));
  return short ? `${short}*` : null;
}

/** The site's terms with the rate that applies to this car today (finance-rates.ts rateFor). */
export const financeFor = (f: FinanceSettings, car: RatedCar, today: string): FinanceSettings => ({
  ...f,
  rate: rateFor(f, car, today).rate,
});

/** The comparison rate of the site's terms (Australia), % a year. */
export const siteComparisonRate = (f: FinanceSettings): number =>
  comparisonRate(f.rate, { establishmentFee: f.establishment_fee, monthlyFee: f.monthly_fee });

/** "a $395 establishment fee and a $8 monthly fee" (or "no fees"). */
function feesText(f: Pick<FinanceSettings, "establishment_fee" | "monthly_fee">, monthlyWord = "monthly account fee"): string {
  const fees = [
    f.establishment_fee > 0 ? `a ${money(f.establishment_fee)} establishment fee` : null,
    f.monthly_fee > 0 ? `a ${money(f.monthly_fee)} ${monthlyWord}` : null,
  ].filter(Boolean);
  return fees.length ? fees.join(" and ") : "no fees";
}
const money = (n: number) => (Number.isInteger(n) ? formatPrice(n) : `$${n.toFixed(2)}`);

/** The example's terms in words: "over 5 years with a 10% deposit and no balloon". */
function termsText(f: FinanceSettings, word: { deposit: string; balloon: string }): string {
  const balloon = f.balloon_percent > 0 ? `a ${rateText(f.balloon_percent)}% ${word.balloon}` : `no ${word.balloon}`;
  const deposit = f.deposit_percent > 0 ? `a ${rateText(f.deposit_percent)}% ${word.deposit}` : `no ${word.deposit}`;
  return `over ${termText(f.term_months)} with ${deposit} and ${balloon}`;
}

/**
 * The note under every figure, in the site's market's words, or null where a site
 * shows no repayment:
 * - Australia: the comparison rate on the regulations' $30,000 secured loan over 5 years, with the
 *   warning the regulations prescribe word for word;
 * - New Zealand: the interest rate and every fee (a disclosure, no comparison rate);
 * - United States: the down payment, the number of payments and the APR (Truth in Lending's
 *   triggered terms), the APR taken with the fees on the same example.
 * `rates`: the rates the figures it explains are worked out at (one car's, or every rate in force
 * under a page of cards); each is named with its comparison rate. The site's rate when not given.
 * `onDriveAway`: a figure it explains is on a drive-away estimate (Australia), which the note then says.
 */
export function repaymentNote(
  f: FinanceSettings,
  country: Country,
  rates: readonly AppliedRate[] = [siteRate(f)],
  onDriveAway = false,
): string | null {
  if (!f.show_repayments) return null;
  const one = rates.length <= 1 ? (rates[0] ?? siteRate(f)) : null;
  const list = rates.map((r) => rateInNote(r, country)).join("; ");
  const often = FREQUENCY_WORDS[f.frequency].replace(/^a /, "");
  switch (country) {
    case "NZ":
      return (
        `*Indicative ${f.frequency} repayment at ${one ? `an interest rate of ${rateText(one.rate)}% p.a.` : `the interest rate for each car (${list})`} ` +
        `${termsText(f, { deposit: "deposit", balloon: "final balloon payment" })}, ` +
        `including ${feesText(f)}. An estimate only, not an offer of finance. Lending criteria, terms, conditions and fees apply.`
      );
    case "US": {
      const n = paymentCount(f.term_months, f.frequency);
      return (
        `*Estimated ${f.frequency} payment: ${n} payments (one each ${often}) at ${one ? `${rateText(one.comparison)}% APR` : `the APR for each car (${list})`} with ${f.deposit_percent > 0 ? `${rateText(f.deposit_percent)}% down` : "nothing down"}` +
        `${f.balloon_percent > 0 ? ` and a final payment of ${rateText(f.balloon_percent)}% of the price` : ""}. ` +
        `APR based on ${formatPrice(COMPARISON_EXAMPLE.amount)} financed with ${feesText(f, "monthly fee")}. On approved credit; tax, title and fees extra.`
      );
    }
    default: {
      const rate = one
        ? `${rateText(one.rate)}% p.a. (comparison rate ${rateText(one.comparison)}% p.a.)`
        : `the rate for each car (${list})`;
      return (
        `*Indicative ${f.frequency} repayment at ${rate} ` +
        `${termsText(f, { deposit: "deposit", balloon: "balloon" })}, including ${feesText(f)}. ` +
        `Comparison rate based on a ${formatPrice(COMPARISON_EXAMPLE.amount)} secured loan over ${termText(COMPARISON_EXAMPLE.termMonths)}. ` +
        COMPARISON_WARNING +
        (onDriveAway ? ` ${DRIVE_AWAY_NOTE}` : "")
      );
    }
  }
}

/** Said where a repayment shown is on a drive-away estimate rather than the advertised price. */
export const DRIVE_AWAY_NOTE =
  "A repayment for a car priced Excl. Govt. Charges is worked out on its estimated drive-away price: stamp duty, registration, CTP and plates for the state shown, and the dealer's delivery charge.";

const COMPARISON_WARNING =
  "WARNING: This comparison rate is true only for the examples given and may not include all fees and charges. " +
  "Different terms, fees or other loan amounts might result in a different comparison rate. Subject to lender approval.";

/** The figures a calculator shows: what the shopper typed and the repayment worked out from them. */
export type CalculatorFigures = {
  price: number;
  deposit: number;
  balloon: number;
  term_months: number;
  frequency: Frequency;
  rate: number;
  /** whole dollars each period, 0 when nothing is borrowed */
  repayment: number;
};

/**
 * The note under a calculator, describing the figures on screen (the shopper's price, deposit,
 * balloon, term, frequency and rate, with the comparison rate of that rate and the site's fees), in
 * the market's words. With nothing to borrow it still names the rate and fees on screen.
 */
export function calculatorNote(
  q: CalculatorFigures,
  fees: Pick<FinanceSettings, "establishment_fee" | "monthly_fee">,
  country: Country,
): string {
  const comparison = rateText(comparisonRate(q.rate, { establishmentFee: fees.establishment_fee, monthlyFee: fees.monthly_fee }));
  const loan =
    `${formatPrice(q.price)} with ${q.deposit > 0 ? `a ${formatPrice(q.deposit)} deposit` : "no deposit"} and ` +
    `${q.balloon > 0 ? `a ${formatPrice(q.balloon)} balloon` : "no balloon"} over ${termText(q.term_months)}`;
  const pay = q.repayment > 0 ? ` of ${formatPrice(q.repayment)} ${FREQUENCY_WORDS[q.frequency]}` : "";
  switch (country) {
    case "NZ":
      return (
        `*Estimated ${q.frequency} repayment${pay} on ${loan} at an interest rate of ${rateText(q.rate)}% p.a., including ${feesText(fees)}. ` +
        "An estimate only, not an offer of finance. Lending criteria, terms, conditions and fees apply."
      );
    case "US":
      return (
        `*Estimated ${q.frequency} payment${pay}: ${paymentCount(q.term_months, q.frequency)} payments on ${loan.replace("deposit", "down payment")} at ${comparison}% APR ` +
        `(${rateText(q.rate)}% interest), APR based on ${formatPrice(COMPARISON_EXAMPLE.amount)} financed with ${feesText(fees, "monthly fee")}. On approved credit; tax, title and fees extra.`
      );
    default:
      return (
        `*Estimated ${q.frequency} repayment${pay} on ${loan} at ${rateText(q.rate)}% p.a. (comparison rate ${comparison}% p.a.), including ${feesText(fees)}. ` +
        `Comparison rate based on a ${formatPrice(COMPARISON_EXAMPLE.amount)} secured loan over ${termText(COMPARISON_EXAMPLE.termMonths)}. ` +
        COMPARISON_WARNING
      );
  }
}
