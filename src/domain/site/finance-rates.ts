import { comparisonRate, rateText } from "../leads/finance";
import type { CarType } from "../stock/summary";

/*
 * Which interest rate a car's repayment is worked out at (docs/features/finance.md): a dealer sets a
 * rate for new, demo and used cars, and dated offers for a make (or one model), such as a
 * manufacturer's "Mazda Finance 2.99%". Pure: the settings come from financeOf, "today" is the
 * site's date at the request's clock.
 */

export const CONDITIONS = ["new", "demo", "used"] as const satisfies readonly CarType[];

/** A dated rate for a make, or one model, or one condition of it. */
export type FinanceOffer = {
  /** what the shopper reads, "Mazda Finance 2.99%" */
  label: string;
  make: string;
  /** null: every model of the make */
  model: string | null;
  /** null: new, demo and used alike */
  condition: CarType | null;
  /** % a year */
  rate: number;
  /** first and last day, "YYYY-MM-DD", in the site's time zone */
  from: string;
  to: string;
};

/** A rate per condition; null falls back to the site's rate. */
export type ConditionRates = Record<CarType, number | null>;

export const MAX_OFFERS = 20;
export const OFFER_TEXT_MAX = 60;
export const NO_CONDITION_RATES: ConditionRates = { new: null, demo: null, used: null };

/** The settings a rate is chosen from (a part of FinanceSettings). */
export type RateSettings = {
  rate: number;
  condition_rates: ConditionRates;
  offers: readonly FinanceOffer[];
  establishment_fee: number;
  monthly_fee: number;
};

/** The car as far as its rate goes. */
export type RatedCar = { make: string; model: string; carType: CarType };

export type AppliedRate = {
  /** % a year */
  rate: number;
  /** the comparison rate of this rate with the site's fees (the APR on a US site), % a year */
  comparison: number;
  source: "offer" | "condition" | "site";
  /** "Mazda Finance 2.99%", "Used car rate", "Standard rate" */
  label: string;
  /** the offer's scope and end, for the note: "new Mazda" */
  scope: string | null;
  /** the offer's last day, "YYYY-MM-DD" */
  until: string | null;
};

const CONDITION_LABEL: Record<CarType, string> = { new: "New car rate", demo: "Demo car rate", used: "Used car rate" };

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether an offer is for this car on this day. */
export function offerMatches(o: FinanceOffer, car: RatedCar, today: string): boolean {
  return (
    same(o.make, car.make) &&
    (o.model === null || same(o.model, car.model)) &&
    (o.condition === null || o.condition === car.carType) &&
    o.from <= today &&
    today <= o.to
  );
}

const specificity = (o: FinanceOffer) => (o.model !== null ? 2 : 0) + (o.condition !== null ? 1 : 0);

const applied = (s: RateSettings, rate: number, rest: Omit<AppliedRate, "rate" | "comparison">): AppliedRate => ({
  rate,
  comparison: comparisonRate(rate, { establishmentFee: s.establishment_fee, monthlyFee: s.monthly_fee }),
  ...rest,
});

const offerRate = (s: RateSettings, o: FinanceOffer): AppliedRate =>
  applied(s, o.rate, { source: "offer", label: o.label, scope: offerScope(o), until: o.to });

/** "new Mazda CX-5", "Mazda": the cars an offer is for, in words. */
export const offerScope = (o: Pick<FinanceOffer, "make" | "model" | "condition">): string =>
  [o.condition, o.make.trim(), o.model?.trim()].filter(Boolean).join(" ");

/**
 * The rate a car's repayment is worked out at on a day: the offer that matches its make, model and
 * condition (the most specific — a model over a whole make, a condition over every condition — then
 * the lowest rate), else the rate for its condition, else the site's rate.
 */
export function rateFor(s: RateSettings, car: RatedCar, today: string): AppliedRate {
  const offer = s.offers.filter((o) => offerMatches(o, car, today)).sort((a, b) => specificity(b) - specificity(a) || a.rate - b.rate)[0];
  if (offer) return offerRate(s, offer);
  const byCondition = s.condition_rates[car.carType];
  if (byCondition !== null && byCondition !== undefined)
    return applied(s, byCondition, { source: "condition", label: CONDITION_LABEL[car.carType], scope: null, until: null });
  return siteRate(s);
}

export const siteRate = (s: RateSettings): AppliedRate =>
  applied(s, s.rate, { source: "site", label: "Standard rate", scope: null, until: null });

/** Every rate a car can get today: the site's, each condition's that is set, each offer running today. */
export function ratesInForce(s: RateSettings, today: string): AppliedRate[] {
  const out = [siteRate(s)];
  for (const c of CONDITIONS) {
    const r = s.condition_rates[c];
    if (r !== null && r !== undefined)
      out.push(applied(s, r, { source: "condition", label: CONDITION_LABEL[c], scope: null, until: null }));
  }
  for (const o of s.offers) if (o.from <= today && today <= o.to) out.push(offerRate(s, o));
  return out;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "31 Dec 2026" (US: "Dec 31, 2026"). */
export function dayText(day: string, country: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const month = MONTHS[(m ?? 1) - 1];
  return country === "US" ? `${month} ${d}, ${y}` : `${d} ${month} ${y}`;
}

/**
 * The rate a vehicle page names beside its repayment: "2.99% p.a. Mazda Finance 2.99% offer, comparison
 * rate 3.6% p.a., until 31 Dec 2026" (NZ: no comparison rate; US: the APR). Null for the site's own
 * rate, which the note describes.
 */
export function appliedRateLine(r: AppliedRate, country: string): string | null {
  if (r.source === "site") return null;
  const name = r.source === "offer" ? `${r.label} offer` : r.label.toLowerCase();
  const until = r.until ? `, until ${dayText(r.until, country)}` : "";
  if (country === "US") return `${rateText(r.comparison)}% APR, ${name}${until}`;
  if (country === "NZ") return `${rateText(r.rate)}% p.a. ${name}${until}`;
  return `${rateText(r.rate)}% p.a. ${name}, comparison rate ${rateText(r.comparison)}% p.a.${until}`;
}

/**
 * One rate among several in a note: "2.99% p.a. (comparison rate 3.6% p.a.) Mazda Finance 2.99% on new
 * Mazda until 31 Dec 2026" — the comparison rate beside every rate in Australia, the APR alone in the US.
 */
export function rateInNote(r: AppliedRate, country: string): string {
  const what =
    r.source === "offer"
      ? `${r.label} on ${r.scope} until ${dayText(r.until!, country)}`
      : r.source === "condition"
        ? r.label.replace(/ rate$/, "s").toLowerCase()
        : "other cars";
  if (country === "US") return `${rateText(r.comparison)}% APR for ${what}`;
  if (country === "NZ") return `${rateText(r.rate)}% p.a. for ${what}`;
  return `${rateText(r.rate)}% p.a. (comparison rate ${rateText(r.comparison)}% p.a.) for ${what}`;
}

/** Whether a stored offer can be used (anything else is left out). */
export function isOffer(v: unknown): v is FinanceOffer {
  if (!v || typeof v !== "object") return false;
  const o = v as Record<string, unknown>;
  const text = (x: unknown) => typeof x === "string" && x.trim() !== "" && x.length <= OFFER_TEXT_MAX;
  return (
    text(o.label) &&
    text(o.make) &&
    (o.model === null || text(o.model)) &&
    (o.condition === null || (CONDITIONS as readonly unknown[]).includes(o.condition)) &&
    isRate(o.rate) &&
    isDay(o.from) &&
    isDay(o.to) &&
    (o.from as string) <= (o.to as string)
  );
}

export const isRate = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 30;

/** "2026-12-31", a real day. */
export function isDay(v: unknown): v is string {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
