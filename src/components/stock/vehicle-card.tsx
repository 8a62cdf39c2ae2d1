import Image from "next/image";
import { lcp } from "@/components/ui/lcp";
import Link from "next/link";
import type { ReactNode } from "react";
import { cardView, type CardContext, type CardView } from "@/domain/stock/card-view";
import { JUST_SOLD, type Vehicle } from "@/domain/stock/vehicle";
import { cn } from "@/components/ui/cn";
import { FavouriteButton } from "./favourite-button";
import { EVENT_IDS } from "@/domain/analytics/events";

/** SPEC §2 tags: 'New Arrival' and 'JUST SOLD'. */
export function VehicleTags({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={cn("flex gap-1", className)}>
      {tags.map((t) => (
        <li key={t} className={cn("rounded px-2 py-1 text-xs font-bold text-white", t === JUST_SOLD ? "bg-red-700" : "bg-emerald-800")}>
          {t}
        </li>
      ))}
    </ul>
  );
}

/** A result card: image, title, price, odometer, location, tags, enquiry button and favourite toggle. */
export function VehicleCard({ vehicle, ctx, priority = false }: { vehicle: Vehicle; ctx: CardContext; priority?: boolean }) {
  return <VehicleCardView view={cardView(vehicle, ctx)} priority={priority} />;
}

/** The card as its view says it (also rendered in the browser from the saved-vehicles API). */
export function VehicleCardView({ view: v, priority = false, children }: { view: CardView; priority?: boolean; children?: ReactNode }) {
  return (
    <article
      className="relative flex flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm"
      data-testid="vehicle-card"
    >
      <div className="relative aspect-[16/9] bg-neutral-100">
        <Image
          src={v.image}
          alt={v.title}
          fill
          sizes="(max-width: 639px) calc(100vw - 32px), (max-width: 1279px) 50vw, 33vw"
          quality={v.imageQuality}
          className="object-cover"
          {...lcp(priority)}
        />
        <VehicleTags tags={v.tags} className="absolute left-2 top-2" />
        <FavouriteButton car={v.favourite} className="absolute right-2 top-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-neutral-600">{v.condition}</p>
        <h3 className="text-base font-bold leading-snug">
          <Link
            href={v.href}
            className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none"
            data-track={EVENT_IDS.vehicleCardClick}
          >
            {v.title}
          </Link>
        </h3>
        <p className="text-xl font-extrabold" data-testid="price">
          {v.price}
          {v.priceType ? <span className="ml-1 text-xs font-normal text-neutral-600">{v.priceType}</span> : null}
        </p>
        {v.subscription && (
          <p className="-mt-1 text-sm font-semibold text-neutral-800" data-testid="subscription">
            {v.subscription}
          </p>
        )}
        {v.facts.length > 0 && (
          <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-neutral-700">
            {v.facts.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        )}
        {v.location && <p className="text-sm text-neutral-700">{v.location}</p>}
        <div className="relative z-10 mt-auto flex flex-col gap-2 pt-2">
          <EnquireLink view={v} className="w-full justify-center px-4 hover:bg-brand-dark" />
          {children}
        </div>
      </div>
    </article>
  );
}

/** A card's enquiry button: to the vehicle page's form, named with the car for a screen reader. */
export function EnquireLink({ view: v, className }: { view: Pick<CardView, "href" | "title" | "enquireText">; className?: string }) {
  return (
    <Link
      href={`${v.href}#enquiry-form`}
      className={cn("inline-flex min-h-11 items-center rounded-md bg-brand text-sm font-semibold text-brand-contrast", className)}
      aria-label={`${v.enquireText}: ${v.title}`}
    >
      {v.enquireText}
    </Link>
  );
}

/** The call-to-action card at position 30 (SPEC §2). */
export function CallToActionCard({ sellHref, sellLabel }: { sellHref: string; sellLabel: string }) {
  return (
    <aside
      className="flex flex-col justify-center gap-3 rounded-lg bg-brand p-6 text-brand-contrast"
      data-testid="cta-card"
      aria-label="Can't find what you're looking for?"
    >
      <h3 className="text-xl font-bold">Can’t find what you’re looking for?</h3>
      <p>Tell us what you’re after and we’ll search our network for you, or get a price for your current vehicle.</p>
      <div className="flex flex-wrap gap-2">
        <Link href="/contact" className="inline-flex min-h-11 items-center rounded-md bg-white px-4 font-semibold text-neutral-900">
          Contact us
        </Link>
        <Link href={sellHref} className="inline-flex min-h-11 items-center rounded-md border border-white px-4 font-semibold">
          {sellLabel}
        </Link>
      </div>
    </aside>
  );
}
