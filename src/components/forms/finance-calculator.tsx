"use client";

import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { track } from "@/client/analytics";
import { setFinanceQuote } from "@/client/finance-quote";
import { EVENT_IDS } from "@/domain/analytics/events";
import {
  comparisonRate,
  FREQUENCIES,
  FREQUENCY_LABELS,
  FREQUENCY_WORDS,
  loanFor,
  rateText,
  repaymentDollars,
  termText,
  type Frequency,
  type LoanShares,
} from "@/domain/leads/finance";
import type { FinanceQuoteInput } from "@/domain/leads/finance-quote";
import { formatPrice } from "@/domain/format/price";
import { calculatorNote } from "@/domain/site/finance";
import { RepaymentNote } from "@/components/stock/repayment-note";

const CALCULATED_AFTER_MS = 1000;
const YEARS = [1, 2, 3, 4, 5, 6, 7];
const BALLOONS = [0, 10, 20, 30, 40, 50];

export type CalculatorProps = {
  /** the site's terms (financeOf): rate, term, deposit and balloon shares, frequency, fees */
  terms: LoanShares;
  country: "AU" | "NZ" | "US";
  /** a car's price: the calculator is about that car and the price is not typed */
  price?: number;
  /** what that price is called ("Est. drive-away price (VIC)" where it is the drive-away estimate) */
  priceLabel?: string;
  /** figures to start from (a car's, carried to /finance by "Apply for finance") */
  initial?: FinanceQuoteInput;
  /** /finance: the shopper may try another rate */
  rateEditable?: boolean;
  /** a vehicle page: "Apply for finance" takes the figures to the finance form about this car */
  vehicleSlug?: string;
  /** /finance: the finance form beside it sends the figures with the lead */
  publish?: boolean;
  /** the finance pages: the note under it describes the figures on screen (a vehicle page's note is the page's) */
  withNote?: boolean;
};

/** Digits of a typed amount ("$34,990" → 34990); 0 when there are none. */
const digits = (v: string) => Number(v.replace(/[^\d]/g, "").slice(0, 9)) || 0;

/**
 * The repayment calculator: price (typed, or the car's), deposit, balloon, term and how
 * often, with the repayment worked out as the shopper types (fees included, as the cards show it)
 * and the rate with its comparison rate. Every control is a labelled native input; the result is
 * announced politely. Fires the finance calculator event (14) once the figures rest for a second.
 */
export function FinanceCalculator({
  terms,
  country,
  price: fixedPrice,
  priceLabel = "Price",
  initial,
  rateEditable = false,
  vehicleSlug,
  publish = false,
  withNote = false,
}: CalculatorProps) {
  const id = useId();
  const start =
    initial ??
    (() => {
      const loan = loanFor(fixedPrice ?? 30_000, terms);
      return {
        price: loan.price,
        deposit: loan.deposit,
        balloon: loan.balloon,
        term_months: terms.term_months,
        frequency: terms.frequency,
        rate: terms.rate,
      };
    })();
  const [typedPrice, setPrice] = useState(start.price);
  // a car's price may change under the calculator (the shopper picks another state for the drive-away estimate)
  const price = fixedPrice ?? typedPrice;
  const [typedDeposit, setDeposit] = useState<number | null>(null);
  // until the shopper types a deposit, a car's deposit stays the site's share of its price, so the
  // calculator agrees with the repayment under the price when the drive-away estimate's state changes
  const deposit = typedDeposit ?? (initial || fixedPrice === undefined ? start.deposit : loanFor(price, terms).deposit);
  const [balloonPct, setBalloonPct] = useState(() => closest(BALLOONS, start.price ? (start.balloon / start.price) * 100 : 0));
  const [years, setYears] = useState(() => closest(YEARS, start.term_months / 12));
  const [frequency, setFrequency] = useState<Frequency>(start.frequency);
  const [rate, setRate] = useState(String(start.rate));
  const rateValue = Math.min(30, Math.max(0, Number(rate) || 0));
  const dep = Math.min(deposit, price);
  const borrowed = Math.max(0, price - dep);
  const balloon = Math.min(Math.round((price * balloonPct) / 100), borrowed);
  const quote: FinanceQuoteInput = { price, deposit: dep, balloon, term_months: years * 12, frequency, rate: rateValue };
  const pay =
    borrowed > 0
      ? repaymentDollars({
          price,
          deposit: dep,
          balloon,
          termMonths: years * 12,
          frequency,
          rate: rateValue,
          establishmentFee: terms.establishment_fee,
          monthlyFee: terms.monthly_fee,
        })
      : 0;

  // the figures go to the finance form once the shopper has set them (or arrived with a car's)
  const changed = useRef(Boolean(initial));
  useQuoteSent(quote, borrowed, publish, changed);
  const change =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      changed.current = true;
      set(v);
    };

  return (
    // data-form: fields and an action, so the fixed bars step aside over it as over a form (OverlayGuard)
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg bg-neutral-50 p-5" data-testid="finance-calculator" data-form>
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Repayment calculator
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        {fixedPrice === undefined ? (
          <MoneyField label="Price of the car ($)" value={price} onChange={change(setPrice)} className={BOX} />
        ) : (
          <p className="text-sm font-semibold">
            {priceLabel}
            <span className="mt-1 flex min-h-11 items-center text-base" data-testid="calculator-price">
              {formatPrice(price)}
            </span>
          </p>
        )}
        <MoneyField label="Deposit ($)" value={deposit} onChange={change(setDeposit)} className={BOX} />
        <LoanChoices
          id={id}
          balloonPct={balloonPct}
          years={years}
          frequency={frequency}
          rate={rateEditable ? rate : null}
          onBalloonPct={change(setBalloonPct)}
          onYears={change(setYears)}
          onFrequency={change(setFrequency)}
          onRate={change(setRate)}
        />
      </div>
      <CalculatorResult
        quote={quote}
        borrowed={borrowed}
        pay={pay}
        terms={terms}
        country={country}
        vehicleSlug={vehicleSlug}
        withNote={withNote}
      />
    </section>
  );
}

/** Once the shopper has set the figures: to the finance form beside it (publish), and the calculator event when they rest. */
function useQuoteSent(quote: FinanceQuoteInput, borrowed: number, publish: boolean, changed: RefObject<boolean>) {
  const key = JSON.stringify(quote);
  useEffect(() => {
    if (!changed.current) return;
    // nothing borrowed (the deposit covers the price): no figures to send
    if (publish) setFinanceQuote(borrowed > 0 ? (JSON.parse(key) as FinanceQuoteInput) : null);
    const timer = setTimeout(() => {
      const q = JSON.parse(key) as FinanceQuoteInput;
      track(EVENT_IDS.financeCalculator, {
        amount: q.price,
        deposit: q.deposit,
        balloon: q.balloon,
        years: q.term_months / 12,
        frequency: q.frequency,
        rate: q.rate,
      });
    }, CALCULATED_AFTER_MS);
    return () => clearTimeout(timer);
  }, [key, publish, borrowed, changed]);
  useEffect(() => () => void (publish && setFinanceQuote(null)), [publish]);
}

const BOX = "mt-1 block min-h-11 w-full rounded-md border border-neutral-400 bg-white px-3";

/** The balloon, the term, the rate where the shopper may try another (rate null: not shown) and how often. */
function LoanChoices({
  id,
  balloonPct,
  years,
  frequency,
  rate,
  onBalloonPct,
  onYears,
  onFrequency,
  onRate,
}: {
  id: string;
  balloonPct: number;
  years: number;
  frequency: Frequency;
  rate: string | null;
  onBalloonPct: (v: number) => void;
  onYears: (v: number) => void;
  onFrequency: (v: Frequency) => void;
  onRate: (v: string) => void;
}) {
  return (
    <>
      <label className="text-sm font-semibold">
        Balloon (final payment)
        <select className={BOX} value={balloonPct} onChange={(e) => onBalloonPct(Number(e.target.value))}>
          {BALLOONS.map((b) => (
            <option key={b} value={b}>
              {b === 0 ? "No balloon" : `${b}% of the price`}
            </option>
          ))}
        </select>
      </label>
      <label className="text-sm font-semibold">
        Term
        <select className={BOX} value={years} onChange={(e) => onYears(Number(e.target.value))}>
          {YEARS.map((y) => (
            <option key={y} value={y}>
              {termText(y * 12)}
            </option>
          ))}
        </select>
      </label>
      {rate !== null && (
        <label className="text-sm font-semibold">
          Interest rate (% p.a.)
          <input
            className={BOX}
            inputMode="decimal"
            value={rate}
            onChange={(e) => onRate(e.target.value.replace(/[^\d.]/g, "").slice(0, 6))}
          />
        </label>
      )}
      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-semibold">Repayments</legend>
        <div className="mt-1 flex flex-wrap gap-2">
          {FREQUENCIES.map((f) => (
            <label
              key={f}
              className="inline-flex min-h-11 items-center gap-2 rounded-md border border-neutral-400 bg-white px-3 has-[:checked]:border-brand has-[:checked]:font-semibold"
            >
              <input type="radio" name={`${id}-frequency`} value={f} checked={frequency === f} onChange={() => onFrequency(f)} />
              {FREQUENCY_LABELS[f]}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

/** The repayment, the rate, what is borrowed, "Apply for finance" about a car, and the note on the finance pages. */
function CalculatorResult({
  quote,
  borrowed,
  pay,
  terms,
  country,
  vehicleSlug,
  withNote,
}: {
  quote: FinanceQuoteInput;
  borrowed: number;
  pay: number;
  terms: LoanShares;
  country: CalculatorProps["country"];
  vehicleSlug?: string;
  withNote: boolean;
}) {
  const { price, deposit: dep, balloon, rate: rateValue, frequency } = quote;
  const fees = { establishmentFee: terms.establishment_fee, monthlyFee: terms.monthly_fee };
  const rateLine =
    country === "US"
      ? `${rateText(rateValue)}% interest, ${rateText(comparisonRate(rateValue, fees))}% APR`
      : country === "NZ"
        ? `Interest rate ${rateText(rateValue)}% p.a.${terms.establishment_fee || terms.monthly_fee ? ", fees included" : ""}`
        : `Interest rate ${rateText(rateValue)}% p.a., comparison rate ${rateText(comparisonRate(rateValue, fees))}% p.a.`;
  const apply = vehicleSlug
    ? `/finance?${new URLSearchParams({
        vehicle: vehicleSlug,
        price: String(price),
        deposit: String(dep),
        balloon: String(balloon),
        term: String(quote.term_months),
        frequency,
      })}`
    : null;
  return (
    <>
      <p className="mt-4 text-lg" aria-live="polite" data-testid="repayment">
        Estimated repayment: <strong>{pay > 0 ? `${formatPrice(pay)} ${FREQUENCY_WORDS[frequency]}*` : "—"}</strong>
      </p>
      <p className="mt-1 text-sm text-neutral-800" data-testid="calculator-rate">
        {rateLine}
      </p>
      <p className="text-sm text-neutral-800" data-testid="calculator-borrowed">
        {borrowed > 0 ? (
          <>
            Borrowing {formatPrice(borrowed + terms.establishment_fee)}
            {terms.establishment_fee ? ` with the ${formatPrice(terms.establishment_fee)} establishment fee` : ""}
            {balloon ? `; ${formatPrice(balloon)} due at the end` : ""}
          </>
        ) : (
          "Nothing to borrow: the deposit covers the price"
        )}
      </p>
      {apply && (
        <a
          href={apply}
          className="mt-4 inline-flex min-h-11 items-center rounded-md bg-brand px-4 font-semibold text-brand-contrast hover:bg-brand-dark"
          data-track={EVENT_IDS.financeClick}
        >
          Apply for finance
        </a>
      )}
      <p className="mt-3 text-xs text-neutral-700">An estimate only, not an offer of credit. *See the note on this page for the terms.</p>
      {withNote && (
        <RepaymentNote
          note={calculatorNote(
            { ...quote, repayment: pay },
            { establishment_fee: terms.establishment_fee, monthly_fee: terms.monthly_fee },
            country,
          )}
          className="mt-3"
        />
      )}
    </>
  );
}

function closest(options: number[], v: number): number {
  return options.reduce((best, o) => (Math.abs(o - v) < Math.abs(best - v) ? o : best), options[0]!);
}

/** A dollar amount, shown with thousands separators as it is typed (a select-all and retype replaces it). */
function MoneyField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: number;
  onChange: (v: number) => void;
  className: string;
}) {
  return (
    <label className="text-sm font-semibold">
      {label}
      <input
        className={className}
        inputMode="numeric"
        autoComplete="off"
        value={value ? value.toLocaleString("en-AU") : ""}
        placeholder="0"
        onChange={(e) => onChange(digits(e.target.value))}
      />
    </label>
  );
}
