import { resolveLink } from "@/domain/site/links";
import type { SiteContext } from "@/domain/site/context";
import { siteOffersService, stockOffer } from "@/domain/site/navigation";
import { DealerToolsList, type DealerTool } from "./dealer-tools-list";

/**
 * Sidebar dealer-tool buttons, shown where the site enables them: a bar along a phone's bottom (from
 * half a screen down, stepping aside over forms: OverlayGuard), a tab on a desktop's right edge.
 */
export function DealerTools({ ctx }: { ctx: SiteContext }) {
  const f = ctx.features;
  if (!f.sidebar_dealer_tools) return null;
  const { sell } = stockOffer({ features: f, noun: ctx.noun, carTypes: ctx.stock.car_types });
  const tools = [
    f.test_drive && { label: "Book a Test Drive", href: "/book-test-drive", icon: "car" },
    siteOffersService(ctx) && { label: "Book a Service", href: "/service", icon: "wrench" },
    sell && { label: sell.action, href: sell.href, icon: "dollar" },
    {
      label: f.finance_pre_approval ? "Get Pre-Approved" : "Finance",
      href: f.finance_pre_approval ? "/finance-pre-approval" : "/finance",
      icon: "calendar",
    },
  ]
    .filter((t): t is DealerTool => Boolean(t))
    .map((t) => ({ ...t, href: resolveLink(t.href, f).href }));
  return (
    <aside
      aria-label="Dealer tools"
      data-dealer-tools
      data-overlay="bar"
      className="fixed bottom-0 left-0 right-0 z-30 lg:bottom-auto lg:left-auto lg:top-1/3"
    >
      <DealerToolsList tools={tools} />
    </aside>
  );
}
