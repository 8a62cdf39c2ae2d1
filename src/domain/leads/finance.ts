/** SPEC §9: the finance calculator's default interest rate is 10 (% a year). */
export const DEFAULT_INTEREST_RATE = 10;

/** Monthly repayment of an amortising loan; 0% is the principal spread evenly. */
export function monthlyRepayment(principal: number, annualRatePct: number, months: number): number {
  if (!(principal > 0) || !(months > 0)) return 0;
  const r = annualRatePct / 100 / 12;
  if (r === 0) return principal / months;
  return (principal * r) / (1 - (1 + r) ** -months);
}
