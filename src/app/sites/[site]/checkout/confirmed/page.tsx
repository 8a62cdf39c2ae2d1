import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { buttonVariants } from "@/components/ui/button";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";
import { formatPrice } from "@/domain/format/price";
import { oneNounInText, vehicleHref } from "@/domain/site/vehicle";
import { CALL_BACK_HOURS, holdEnds, reservationNumber } from "@/domain/store/checkout";
import { RememberReservation } from "@/components/store/reserved-banner";
import { vehicleTitle } from "@/domain/stock/vehicle";
import { requestNow } from "@/server/base/clock";
import { getDb } from "@/server/db";
import { listVisibleVehiclesByIds } from "@/server/repositories/vehicles";
import { confirmOrder } from "@/server/store/checkout-service";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../../_routes/site";
import { TrackView } from "@/components/widgets/track-view";
import { EVENT_IDS } from "@/domain/analytics/events";

export const metadata: Metadata = { title: "Your Reservation", robots: { index: false } };

// GET /checkout/confirmed?order=… — where the payment provider sends the buyer back: the order as
// the provider says it is now (paid: the car is reserved; cancelled: it is free again)
export default async function ConfirmedPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  const ctx = await requireSite(params, "/checkout/confirmed");
  const order = await confirmOrder(ctx, oneParam((await searchParams).order) ?? "");
  if (!order) notFound();
  const [car] = order.vehicleId ? await listVisibleVehiclesByIds(await getDb(), ctx.site, [order.vehicleId], requestNow()) : [];
  const name = car ? vehicleTitle(car) : "your car";
  const amount = formatPrice(order.amountCents / 100);
  const heading =
    order.status === "paid"
      ? `Thanks, ${order.firstName}: it's reserved`
      : order.status === "pending"
        ? "Waiting for your payment"
        : "Reservation cancelled";
  return (
    <PageSection width="narrow" className="space-y-6">
      <PageTitle>{heading}</PageTitle>
      {car && (order.status === "paid" || order.status === "pending") && (
        <RememberReservation
          slug={car.slug}
          number={reservationNumber(order.id)}
          status={order.status}
          until={holdEnds(order)!.toISOString()}
        />
      )}
      {car && (order.status === "cancelled" || order.status === "expired") && <RememberReservation slug={car.slug} status={order.status} />}
      {order.status === "paid" && (
        <TrackView event={EVENT_IDS.reservationComplete} props={{ reservation: reservationNumber(order.id) }} label={name} />
      )}
      <Panel className="space-y-3" data-testid={`order-${order.status}`}>
        {order.status === "paid" && (
          <>
            <p>
              Your {amount} deposit is paid and <strong>{name}</strong> is held for you: nobody else can reserve it.
            </p>
            <p>We will call you within {CALL_BACK_HOURS} hours on business days to arrange a test drive, finance and your trade-in.</p>
            <p>
              It is held for you until{" "}
              {new Intl.DateTimeFormat("en-AU", { weekday: "long", day: "numeric", month: "long", timeZone: ctx.site.timezone }).format(
                holdEnds(order)!,
              )}
              . To cancel, call us and quote your reservation number: your deposit is refunded.
            </p>
            <p className="text-sm text-neutral-700">Reservation number: {reservationNumber(order.id)}</p>
          </>
        )}
        {order.status === "pending" && (
          <p>
            The payment provider has not confirmed your payment yet. This page checks again when you reload it; nothing is charged twice.
          </p>
        )}
        {(order.status === "cancelled" || order.status === "expired") && (
          <p>Nothing was charged, and {name} is available again. You can reserve it again at any time.</p>
        )}
      </Panel>
      <div className="flex flex-wrap gap-3">
        {car && (
          <Link href={vehicleHref(ctx.site.template, car.slug)} className={buttonVariants({ variant: "outline" })}>
            Back to the {oneNounInText(ctx.noun)}
          </Link>
        )}
        <Link href="/search/new-used-and-demo-cars" className={buttonVariants({ variant: "outline" })}>
          Browse our stock
        </Link>
      </div>
    </PageSection>
  );
}
