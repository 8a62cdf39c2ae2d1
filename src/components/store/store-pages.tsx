import Image from "next/image";
import Link from "next/link";
import { buttonVariants } from "@/components/ui/button";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";
import { TrackView } from "@/components/widgets/track-view";
import { EVENT_IDS } from "@/domain/analytics/events";
import { formatPrice } from "@/domain/format/price";
import type { SiteContext } from "@/domain/site/context";
import { nounInText, oneNounInText, vehicleHref } from "@/domain/site/vehicle";
import { CALL_BACK_HOURS, HOLD_MINUTES, holdEnds, reservationNumber, STORE_MSG } from "@/domain/store/checkout";
import { pluralNoun } from "@/domain/stock/summary";
import { displayImage, vehicleTitle, type Vehicle } from "@/domain/stock/vehicle";
import { CheckoutForm, TestPayButtons } from "./checkout-form";
import { RememberReservation } from "./reserved-banner";

/** /buy-online: how reserving online works. */
export function BuyOnlineView({ ctx, deposit }: { ctx: SiteContext; deposit: string }) {
  const noun = oneNounInText(ctx.noun);
  const steps = [
    [`Choose your ${noun}`, `Every ${noun} in stock with a price has a “Reserve online” button on its page.`],
    [
      `Pay a ${deposit} deposit`,
      `Give us your details and pay the deposit on our payment provider's secure page: we never see your card. Until you pay, the ${noun} is held for you for ${HOLD_MINUTES} minutes.`,
    ],
    [
      `The ${noun} is yours to see`,
      `Once paid, nobody else can reserve it. We call you within ${CALL_BACK_HOURS} hours on business days to arrange a test drive, finance and your trade-in.`,
    ],
    ["Fully refundable", `Change your mind before you sign a contract of sale and we refund the whole ${deposit}.`],
  ];
  return (
    <PageSection width="text" className="space-y-8">
      <div>
        <PageTitle>Buy online</PageTitle>
        <p className="mt-2 text-neutral-700">Reserve a {noun} from home in a few minutes, with a refundable deposit.</p>
      </div>
      <ol className="space-y-4">
        {steps.map(([title, text], i) => (
          <li key={title} className="flex gap-4">
            <span
              aria-hidden
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand font-bold text-brand-contrast"
            >
              {i + 1}
            </span>
            <div>
              <h2 className="font-bold">{title}</h2>
              <p className="text-neutral-700">{text}</p>
            </div>
          </li>
        ))}
      </ol>
      <Link href="/search/new-used-and-demo-cars" className={buttonVariants({ size: "lg" })}>
        Browse our {nounInText(pluralNoun(ctx.noun))}
      </Link>
    </PageSection>
  );
}

export type CheckoutProps = { ctx: SiteContext; vehicle: Vehicle; deposit: string; open: boolean; reserved: boolean };

/** /cars/{slug}/checkout: the car, and the deposit form while it can be reserved (else why not, and a link to ask). */
export function CheckoutView({ ctx, vehicle: v, deposit, open, reserved }: CheckoutProps) {
  return (
    <PageSection width="text" className="space-y-6">
      <PageTitle>Reserve online</PageTitle>
      <Panel className="flex gap-4">
        <Image src={displayImage(v)} alt="" width={128} height={96} className="h-24 w-32 shrink-0 rounded object-cover" />
        <div>
          <Link href={vehicleHref(ctx.site.template, v.slug)} className="font-bold text-brand underline">
            {vehicleTitle(v)}
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
          {reserved ? STORE_MSG.taken : STORE_MSG.unavailable}{" "}
          <Link href={`${vehicleHref(ctx.site.template, v.slug)}#enquire`} className="underline">
            Ask us about it
          </Link>
          .
        </p>
      )}
    </PageSection>
  );
}

export type ConfirmedOrder = { id: string; status: string; firstName: string; amountCents: number; createdAt: Date; updatedAt: Date };

/** /checkout/confirmed: the order as the payment provider says it is now (paid: the car is reserved; cancelled: it is free again). */
export function ConfirmedView({ ctx, order, car }: { ctx: SiteContext; order: ConfirmedOrder; car: Vehicle | undefined }) {
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

export type TestPayOrder = { id: string; status: string; amountCents: number; currency: string };

/** /checkout/pay: the local test payment provider's "hosted page" (a real provider's page replaces it). */
export function TestPayView({ siteName, order }: { siteName: string; order: TestPayOrder }) {
  const amount = formatPrice(order.amountCents / 100);
  return (
    <PageSection width="narrow" className="space-y-6">
      <p className="text-sm font-semibold uppercase tracking-wide text-neutral-600">Test payment provider</p>
      <PageTitle>Pay your deposit</PageTitle>
      <Panel className="space-y-4">
        <p>
          Deposit to {siteName}: <strong>{amount}</strong> ({order.currency})
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
