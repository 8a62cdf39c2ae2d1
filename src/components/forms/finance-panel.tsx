import { RepaymentNote } from "@/components/stock/repayment-note";
import type { FinanceQuoteInput } from "@/domain/leads/finance-quote";
import type { SiteContext } from "@/domain/site/context";
import { financeOf, repaymentNote } from "@/domain/site/finance";
import { FinanceCalculator } from "./finance-calculator";

/**
 * The calculator of the finance pages (/finance, pre-approval, the signed-in finance page) on the
 * site's terms, the rate open to change, and the note in the market's words under it; the finance
 * form beside it sends the figures (publish).
 */
export function FinancePanel({ ctx, initial, publish = true }: { ctx: SiteContext; initial?: FinanceQuoteInput; publish?: boolean }) {
  const terms = financeOf(ctx.site);
  return (
    <>
      <FinanceCalculator terms={terms} country={ctx.site.country} initial={initial} rateEditable publish={publish} />
      {/* the calculator always shows a figure: its note too, whether or not the cards show repayments */}
      <RepaymentNote note={repaymentNote({ ...terms, show_repayments: true }, ctx.site.country)} className="mt-3" />
    </>
  );
}
