import "../zod-config";
import { z } from "zod";
import { FREQUENCIES, repaymentDollars, type LoanTerms } from "./finance";

/*
 * The calculator's figures a finance lead carries: what the shopper set on a vehicle
 * page or /finance. The server checks them and works the repayment out again with the site's own
 * fees, so a lead never carries a figure the site would not have shown.
 */

const QUOTE_MESSAGE = "Please check the repayment calculator's figures.";
const dollars = (max: number) => z.number({ error: QUOTE_MESSAGE }).int(QUOTE_MESSAGE).min(0, QUOTE_MESSAGE).max(max, QUOTE_MESSAGE);

export const FinanceQuoteSchema = z
  .object({
    price: dollars(10_000_000).min(1, QUOTE_MESSAGE),
    deposit: dollars(10_000_000),
    balloon: dollars(10_000_000),
    term_months: z.number({ error: QUOTE_MESSAGE }).int(QUOTE_MESSAGE).min(12, QUOTE_MESSAGE).max(84, QUOTE_MESSAGE),
    frequency: z.enum(FREQUENCIES, { error: QUOTE_MESSAGE }),
    rate: z.number({ error: QUOTE_MESSAGE }).finite(QUOTE_MESSAGE).min(0, QUOTE_MESSAGE).max(30, QUOTE_MESSAGE),
  })
  .strict()
  .refine((q) => q.deposit < q.price, { message: "The deposit must be less than the price.", path: ["deposit"] })
  .refine((q) => q.balloon <= q.price - q.deposit, {
    message: "The balloon must not be more than the amount borrowed.",
    path: ["balloon"],
  });
export type FinanceQuoteInput = z.infer<typeof FinanceQuoteSchema>;

/** The figures as stored on a lead: the shopper's, with the repayment (fees included) worked out by the server. */
export type FinanceQuote = FinanceQuoteInput & { repayment: number; establishment_fee: number; monthly_fee: number };

export function quoteTerms(q: FinanceQuoteInput, fees: { establishment_fee: number; monthly_fee: number }): LoanTerms {
  return {
    price: q.price,
    deposit: q.deposit,
    balloon: q.balloon,
    termMonths: q.term_months,
    frequency: q.frequency,
    rate: q.rate,
    establishmentFee: fees.establishment_fee,
    monthlyFee: fees.monthly_fee,
  };
}

export function financeQuote(q: FinanceQuoteInput, fees: { establishment_fee: number; monthly_fee: number }): FinanceQuote {
  return {
    ...q,
    establishment_fee: fees.establishment_fee,
    monthly_fee: fees.monthly_fee,
    repayment: repaymentDollars(quoteTerms(q, fees)),
  };
}

/**
 * The figures "Apply for finance" carries in /finance's address (`?price=&deposit=&balloon=&term=&frequency=`),
 * at the rate given (the car's where it names one: financeTermsFor); null unless every one is there and makes sense (the calculator then starts from the site's terms).
 */
export function quoteFromQuery(q: Record<string, string | undefined>, rate: number): FinanceQuoteInput | null {
  const whole = (v: string | undefined) => (v !== undefined && /^\d{1,9}$/.test(v) ? Number(v) : undefined);
  const r = FinanceQuoteSchema.safeParse({
    price: whole(q.price),
    deposit: whole(q.deposit),
    balloon: whole(q.balloon),
    term_months: whole(q.term),
    frequency: q.frequency,
    rate,
  });
  return r.success ? r.data : null;
}
