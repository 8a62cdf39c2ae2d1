import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TestPayButtons } from "@/components/store/checkout-form";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";
import { formatPrice } from "@/domain/format/price";
import { getDb } from "@/server/db";
import { getOrder } from "@/server/repositories/orders";
import { storeProvider } from "@/server/store/checkout-service";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../../_routes/site";
import { isUuid } from "@/domain/ids";

export const metadata: Metadata = { title: "Pay Your Deposit", robots: { index: false } };

// GET /checkout/pay?order=… — the local test payment provider's "hosted page" (sites whose
// payment_provider is "test": the demo and the tests). A real provider's page replaces it.
export default async function TestPayPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const ctx = await requireSite(params, "/checkout/pay");
  if (storeProvider(ctx)?.name !== "test") notFound();
  const id = oneParam((await searchParams).order) ?? "";
  const order = isUuid(id) ? await getOrder(await getDb(), ctx.site.id, id) : null;
  if (!order || order.provider !== "test") notFound();
  const amount = formatPrice(order.amountCents / 100);
  return (
    <PageSection width="narrow" className="space-y-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-neutral-600">Test payment provider</p>
      <PageTitle>Pay your deposit</PageTitle>
      <Panel className="space-y-4">
        <p>
          Deposit to {ctx.site.name}: <strong>{amount}</strong> ({order.currency})
        </p>
        <p className="text-sm text-neutral-700">
          This demo site takes no real payments: this page stands in for a payment provider&apos;s secure checkout. No card is asked for and
          nothing is charged.
        </p>
        {order.status === "pending" ? (
          <TestPayButtons order={order.id} deposit={amount} />
        ) : (
          <p role="status" className="font-semibold">
            This deposit has already been {order.status === "paid" ? "paid" : "cancelled"}.
          </p>
        )}
      </Panel>
    </PageSection>
  );
}
