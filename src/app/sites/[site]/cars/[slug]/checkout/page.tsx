import type { Metadata } from "next";
import Image from "next/image";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CheckoutForm } from "@/components/store/checkout-form";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";
import { safeDecode } from "@/domain/http/request";
import { formatPrice } from "@/domain/format/price";
import { vehicleHref } from "@/domain/site/vehicle";
import { canReserve, HOLD_MINUTES, STORE_MSG } from "@/domain/store/checkout";
import { displayImage, vehicleTitle } from "@/domain/stock/vehicle";
import { requestNow } from "@/server/base/clock";
import { getVehiclePage } from "@/server/stock/service";
import { depositLabel, storeProvider } from "@/server/store/checkout-service";
import { requireSite, type SlugParams } from "../../../_routes/site";

export const metadata: Metadata = { title: "Reserve Online", robots: { index: false } };

// GET /cars/{slug}/checkout — the checkout ending path (always under /cars, whatever the
// site's vehicle base): reserve this car with a refundable deposit, on sites with the store
export default async function CheckoutPage({ params }: { params: SlugParams }) {
  const ctx = await requireSite(params);
  if (!ctx.features.enable_store) notFound();
  const slug = safeDecode((await params).slug);
  const found = slug === null ? null : await getVehiclePage(ctx, slug, requestNow());
  if (!found) notFound();
  const v = found.vehicle;
  const title = vehicleTitle(v);
  const deposit = depositLabel();
  const open = canReserve({ status: v.status, price: v.price, listed: found.listed }) && !found.reserved && storeProvider(ctx) !== null;
  return (
    <PageSection width="text" className="space-y-6">
      <PageTitle>Reserve online</PageTitle>
      <Panel className="flex gap-4">
        <Image src={displayImage(v)} alt="" width={128} height={96} className="h-24 w-32 shrink-0 rounded object-cover" />
        <div>
          <Link href={vehicleHref(ctx.site.template, v.slug)} className="font-bold text-brand underline">
            {title}
          </Link>
          <p className="text-lg font-extrabold">{formatPrice(v.price)}</p>
          <p className="text-sm text-neutral-700">Stock no. {v.stockNumber}</p>
        </div>
      </Panel>
      {open ? (
        <>
          <p className="text-neutral-700">
            A refundable deposit of <strong>{deposit}</strong> holds this car for you; we call you to arrange the rest. You pay on our
            payment provider&apos;s secure page (the car is held for {HOLD_MINUTES} minutes while you do).{" "}
            <Link href="/buy-online" className="font-semibold text-brand underline">
              How buying online works
            </Link>
          </p>
          <Panel>
            <CheckoutForm vehicleSlug={v.slug} country={ctx.site.country} deposit={deposit} siteName={ctx.site.name} />
          </Panel>
        </>
      ) : (
        <p
          role="status"
          className="rounded-md border border-amber-700 bg-amber-50 p-4 font-semibold text-amber-900"
          data-testid="checkout-closed"
        >
          {found.reserved ? STORE_MSG.taken : STORE_MSG.unavailable}{" "}
          <Link href={`${vehicleHref(ctx.site.template, v.slug)}#enquire`} className="underline">
            Ask us about it
          </Link>
          .
        </p>
      )}
    </PageSection>
  );
}
