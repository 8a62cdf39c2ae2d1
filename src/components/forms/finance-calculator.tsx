"use client";

import { useEffect, useId, useRef, useState } from "react";
import { track } from "@/client/analytics";
import { EVENT_IDS } from "@/domain/analytics/events";
import { DEFAULT_INTEREST_RATE, monthlyRepayment } from "@/domain/leads/finance";
import { formatPrice } from "@/domain/format/price";

const CALCULATED_AFTER_MS = 1000;

/** Repayment calculator; the interest rate starts at 10% a year (SPEC §9). */
export function FinanceCalculator() {
  const id = useId();
  const [amount, setAmount] = useState("30000");
  const [rate, setRate] = useState(String(DEFAULT_INTEREST_RATE));
  const [years, setYears] = useState("5");
  const monthly = monthlyRepayment(Number(amount), Number(rate), Number(years) * 12);
  // event 14 once the shopper has stopped changing the figures for a second
  const changed = useRef(false);
  useEffect(() => {
    if (!changed.current) return;
    const timer = setTimeout(
      () => track(EVENT_IDS.financeCalculator, { amount: Number(amount), rate: Number(rate), years: Number(years) }),
      CALCULATED_AFTER_MS,
    );
    return () => clearTimeout(timer);
  }, [amount, rate, years]);
  const change = (set: (v: string) => void) => (v: string) => {
    changed.current = true;
    set(v);
  };
  const box = "mt-1 block min-h-11 w-full rounded-md border border-neutral-400 px-3";
  return (
    <section aria-labelledby={`${id}-title`} className="mt-6 rounded-lg bg-neutral-50 p-5">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        Repayment calculator
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        <label className="text-sm font-semibold">
          Loan amount ($)
          <input
            className={box}
            inputMode="numeric"
            value={amount}
            onChange={(e) => change(setAmount)(e.target.value.replace(/[^\d]/g, ""))}
          />
        </label>
        <label className="text-sm font-semibold">
          Interest rate (% p.a.)
          <input
            className={box}
            inputMode="decimal"
            value={rate}
            onChange={(e) => change(setRate)(e.target.value.replace(/[^\d.]/g, ""))}
          />
        </label>
        <label className="text-sm font-semibold">
          Term (years)
          <select className={box} value={years} onChange={(e) => change(setYears)(e.target.value)}>
            {[1, 2, 3, 4, 5, 6, 7].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="mt-4 text-lg" aria-live="polite" data-testid="repayment">
        Estimated repayment: <strong>{monthly > 0 ? `${formatPrice(monthly)} a month` : "—"}</strong>
      </p>
      <p className="mt-1 text-xs text-neutral-700">An estimate only, not an offer of credit. Fees and charges are not included.</p>
    </section>
  );
}
