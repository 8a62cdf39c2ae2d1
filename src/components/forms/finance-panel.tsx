import type { FinanceQuoteInput } from "@/domain/leads/finance-quote";
import type { SiteContext } from "@/domain/site/context";
import { financeOf, type FinanceSettings } from "@/domain/site/finance";
import { FinanceCalculator } from "./finance-calculator";

/**
 * The calculator of the finance pages (/finance, pre-approval, the signed-in finance page) on the
 * site's terms (or a car's: `terms`), the rate open to change, and the note in the market's words
 * under it, describing the figures on screen as the shopper changes them; the finance form beside it
 * sends the figures (publish).
 */
export function FinancePanel({
  ctx,
  terms = financeOf(ctx.site),
  initial,
  publish = true,
}: {
  ctx: SiteContext;
  terms?: FinanceSettings;
  initial?: FinanceQuoteInput;
  publish?: boolean;
}) {
  // the calculator always shows a figure: its note too, whether or not the cards show repayments
  return <FinanceCalculator terms={terms} country={ctx.site.country} initial={initial} rateEditable publish={publish} withNote />;
}
