"use client";

import { useState } from "react";
import { buttonVariants } from "@/components/ui/button";
import { inputClass } from "@/components/ui/input-class";
import { TextField } from "@/components/ui/text-field";
import { CONDITIONS, MAX_OFFERS, type ConditionRates, type FinanceOffer } from "@/domain/site/finance-rates";

/*
 * The finance settings form's rates beyond the site's own (docs/features/finance.md): a rate for new,
 * demo and used cars, and dated offers for a make or model. Named fields the form reads back with
 * readRates, so the settings form sends them with its other figures.
 */

const CONDITION_WORDS: Record<(typeof CONDITIONS)[number], string> = { new: "New cars", demo: "Demo cars", used: "Used cars" };
const CONDITION_RATE_LABELS: Record<(typeof CONDITIONS)[number], string> = {
  new: "Rate for new cars",
  demo: "Rate for demo cars",
  used: "Rate for used cars",
};

/** A number typed in a form (blank or not a number: NaN, which the schema names). */
const numberOf = (v: FormDataEntryValue | null) => (typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : NaN);
const textOf = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");
const orNull = (v: string) => (v.trim() === "" ? null : v);

/** The condition rates and offers as typed; the offers' keys say which rows are on the form. */
export function readRates(f: FormData, keys: readonly number[]): { condition_rates: ConditionRates; offers: FinanceOffer[] } {
  const cond = (c: (typeof CONDITIONS)[number]) => {
    const v = textOf(f.get(`rate_${c}`));
    return v.trim() === "" ? null : numberOf(v);
  };
  return {
    condition_rates: { new: cond("new"), demo: cond("demo"), used: cond("used") },
    offers: keys.map((k) => ({
      label: textOf(f.get(`offer-${k}-label`)),
      make: textOf(f.get(`offer-${k}-make`)),
      model: orNull(textOf(f.get(`offer-${k}-model`))),
      condition: (orNull(textOf(f.get(`offer-${k}-condition`))) as FinanceOffer["condition"]) ?? null,
      rate: numberOf(f.get(`offer-${k}-rate`)),
      from: textOf(f.get(`offer-${k}-from`)),
      to: textOf(f.get(`offer-${k}-to`)),
    })),
  };
}

/** The rows of offers on the form: a key each, so removing one keeps the others' typing. */
export function useOfferRows(offers: readonly FinanceOffer[]) {
  const [rows, setRows] = useState(() => offers.map((o, key) => ({ key, offer: o as FinanceOffer | null })));
  const [next, setNext] = useState(offers.length);
  return {
    rows,
    add: () => {
      setRows((r) => [...r, { key: next, offer: null }]);
      setNext((n) => n + 1);
    },
    remove: (key: number) => setRows((r) => r.filter((x) => x.key !== key)),
  };
}

export function FinanceRatesFields({
  values,
  rows,
  errors,
  onAdd,
  onRemove,
}: {
  values: ConditionRates;
  rows: ReadonlyArray<{ key: number; offer: FinanceOffer | null }>;
  errors: Record<string, string>;
  onAdd: () => void;
  onRemove: (key: number) => void;
}) {
  return (
    <>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Rate by condition (% a year; blank uses the interest rate above)</legend>
        <div className="grid gap-3 sm:grid-cols-3">
          {CONDITIONS.map((c) => (
            <TextField
              key={c}
              name={`rate_${c}`}
              label={CONDITION_RATE_LABELS[c]}
              type="number"
              step="0.01"
              defaultValue={values[c] === null ? "" : String(values[c])}
              error={errors[`condition_rates.${c}`] ?? errors.condition_rates}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2" data-testid="finance-offers">
        <legend className="text-sm font-semibold">
          Finance offers (a make or model&apos;s rate between two dates; where several fit a car, the one naming a model or condition wins,
          then the lowest rate)
        </legend>
        {errors.offers && <p className="text-sm text-red-700">{errors.offers}</p>}
        {rows.map(({ key, offer }, i) => (
          <OfferRow key={key} k={key} i={i} offer={offer} errors={errors} onRemove={() => onRemove(key)} />
        ))}
        {rows.length < MAX_OFFERS && (
          <button type="button" className={buttonVariants({ variant: "outline", size: "sm" })} onClick={onAdd}>
            Add an offer
          </button>
        )}
      </fieldset>
    </>
  );
}

function OfferRow({
  k,
  i,
  offer,
  errors,
  onRemove,
}: {
  k: number;
  i: number;
  offer: FinanceOffer | null;
  errors: Record<string, string>;
  onRemove: () => void;
}) {
  const field = (name: keyof FinanceOffer, label: string, type: string, value: string | null | undefined, extra?: { step?: string }) => {
    const error = errors[`offers.${i}.${name}`];
    return (
      <label className="text-sm font-semibold">
        {label}
        <input
          name={`offer-${k}-${name}`}
          type={type}
          step={extra?.step}
          defaultValue={value ?? ""}
          className={inputClass}
          aria-invalid={error ? true : undefined}
        />
        {error && <span className="block text-sm text-red-700">{error}</span>}
      </label>
    );
  };
  const conditionError = errors[`offers.${i}.condition`];
  return (
    <div className="grid gap-2 rounded-md border border-neutral-200 p-3 sm:grid-cols-2 lg:grid-cols-4" data-testid="finance-offer">
      {field("label", "Offer's name", "text", offer?.label)}
      {field("make", "Make", "text", offer?.make)}
      {field("model", "Model (blank: every model)", "text", offer?.model)}
      <label className="text-sm font-semibold">
        Condition
        <select name={`offer-${k}-condition`} defaultValue={offer?.condition ?? ""} className={inputClass}>
          <option value="">Any</option>
          {CONDITIONS.map((c) => (
            <option key={c} value={c}>
              {CONDITION_WORDS[c]}
            </option>
          ))}
        </select>
        {conditionError && <span className="block text-sm text-red-700">{conditionError}</span>}
      </label>
      {field("rate", "Rate (% a year)", "number", offer ? String(offer.rate) : "", { step: "0.01" })}
      {field("from", "From", "date", offer?.from)}
      {field("to", "Until (last day)", "date", offer?.to)}
      <button type="button" className={`${buttonVariants({ variant: "ghost", size: "sm" })} self-end`} onClick={onRemove}>
        Remove offer
      </button>
    </div>
  );
}
