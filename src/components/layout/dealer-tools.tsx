import { CalendarCheck, Car, DollarSign, Wrench } from "@/components/ui/icons";
import { resolveLink } from "@/domain/site/links";
import type { SiteContext } from "@/domain/site/context";
import { SmartLink } from "./smart-link";
import { siteOffersService, stockOffer } from "@/domain/site/navigation";

/** On a phone the tools share one row: as many columns as tools (the classes written out for the stylesheet). */
const COLUMNS: Record<number, string> = { 1: "grid-cols-1", 2: "grid-cols-2", 3: "grid-cols-3", 4: "grid-cols-4" };

/** Sidebar dealer-tool buttons, shown where the site enables them. */
export function DealerTools({ ctx }: { ctx: SiteContext }) {
  const f = ctx.features;
  if (!f.sidebar_dealer_tools) return null;
  const { sell } = stockOffer({ features: f, noun: ctx.noun, carTypes: ctx.stock.car_types });
  const tools = [
    f.test_drive && { label: "Book a Test Drive", href: "/book-test-drive", Icon: Car },
    siteOffersService(ctx) && { label: "Book a Service", href: "/service", Icon: Wrench },
    sell && { label: sell.action, href: sell.href, Icon: DollarSign },
    {
      label: f.finance_pre_approval ? "Get Pre-Approved" : "Finance",
      href: f.finance_pre_approval ? "/finance-pre-approval" : "/finance",
      Icon: CalendarCheck,
    },
  ].filter(Boolean) as Array<{ label: string; href: string; Icon: typeof Car }>;
  return (
    <aside
      aria-label="Dealer tools"
      data-dealer-tools
      className="fixed bottom-0 left-0 right-0 z-30 lg:bottom-auto lg:left-auto lg:top-1/3"
    >
      <ul
        className={`grid ${COLUMNS[tools.length] ?? "grid-cols-4"} bg-accent-dark text-accent-contrast shadow-lg lg:grid-cols-1 lg:rounded-l-md`}
      >
        {tools.map(({ label, href, Icon }) => (
          <li key={href}>
            <SmartLink href={resolveLink(href, f).href} className="tool">
              <Icon aria-hidden className="size-5" />
              {label}
            </SmartLink>
          </li>
        ))}
      </ul>
    </aside>
  );
}
