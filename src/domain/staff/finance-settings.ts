import "../zod-config";
import { z } from "zod";
import { FREQUENCIES } from "../leads/finance";
import { FINANCE_LIMITS, TERM_MONTHS, type FinanceSettings } from "../site/finance";

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
    delivery_charge: limited("delivery_charge"),
  })
  .strict() satisfies z.ZodType<FinanceSettings>;
