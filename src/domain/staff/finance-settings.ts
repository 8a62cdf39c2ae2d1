import "../zod-config";
import { z } from "zod";
import { FREQUENCIES } from "../leads/finance";
import { FINANCE_LIMITS, TERM_MONTHS, type FinanceSettings } from "../site/finance";
import { CONDITIONS, isDay, MAX_OFFERS, OFFER_TEXT_MAX } from "../site/finance-rates";

/*
 * The back-office's finance settings form: the terms of the site's indicative
 * repayments. The same schema checks the form in the browser and the PUT on the server; the ranges
 * are the ones financeOf reads stored settings with.
 */

const limited = (key: keyof typeof FINANCE_LIMITS) => {
  const l: { max: number; message: string; cents?: boolean } = FINANCE_LIMITS[key];
  const n = z.number({ error: l.message }).finite(l.message).min(0, l.message).max(l.max, l.message);
  return l.cents ? n.refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, l.message) : n;
};

const RATE_MESSAGE = FINANCE_LIMITS.rate.message;
const text = (what: string) =>
  z
    .string({ error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(OFFER_TEXT_MAX, `Keep the ${what} to ${OFFER_TEXT_MAX} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `Enter the ${what} without control characters`);
const day = (what: string) => z.string({ error: `Enter the ${what} date` }).refine(isDay, `Enter the ${what} date as a real day`);

/** A dated rate for a make (and, optionally, one model and one condition). */
export const FinanceOfferSchema = z
  .object({
    label: text("offer's name"),
    make: text("make"),
    // blank: every model of the make
    model: text("model").nullable(),
    condition: z.enum(CONDITIONS, { error: "Choose new, demo or used (or any)" }).nullable(),
    rate: limited("rate"),
    from: day("first"),
    to: day("last"),
  })
  .strict()
  .refine((o) => !isDay(o.from) || !isDay(o.to) || o.to >= o.from, { message: "The last day must be on or after the first", path: ["to"] });

const conditionRate = limited("rate").nullable();

export const FinanceSettingsSchema = z
  .object({
    show_repayments: z.boolean({ error: "Choose on or off" }),
    rate: limited("rate"),
    term_months: z.union(
      TERM_MONTHS.map((m) => z.literal(m)),
      { error: "Choose a term" },
    ),
    deposit_percent: limited("deposit_percent"),
    balloon_percent: limited("balloon_percent"),
    frequency: z.enum(FREQUENCIES, { error: "Choose how often repayments are shown" }),
    establishment_fee: limited("establishment_fee"),
    monthly_fee: limited("monthly_fee"),
    // the rate for each condition; blank (null) uses the rate above
    condition_rates: z
      .object({ new: conditionRate, demo: conditionRate, used: conditionRate }, { error: RATE_MESSAGE })
      .strict()
      .default({ new: null, demo: null, used: null }),
    offers: z.array(FinanceOfferSchema, { error: "Send the offers as a list" }).max(MAX_OFFERS, `At most ${MAX_OFFERS} offers`).default([]),
    delivery_charge: limited("delivery_charge").default(0),
  })
  .strict() satisfies z.ZodType<FinanceSettings>;
