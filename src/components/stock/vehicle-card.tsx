import type { ReactNode } from "react";
import { cardView, favouriteOf, type CardContext, type CardView } from "@/domain/stock/card-view";
import { tagClass, type Vehicle } from "@/domain/stock/vehicle";
import { clsx } from "clsx";
import { FavouriteButton } from "./favourite-button";
import { cardBodyHtml } from "./card-html";

/** Tags: 'New Arrival', 'Special' and 'JUST SOLD'. */
export function VehicleTags({ tags, className }: { tags: string[]; className?: string }) {
  if (tags.length === 0) return null;
  return (
    <ul className={clsx("flex gap-1", className)}>
      {tags.map((t) => (
        <li key={t} className={tagClass(t)}>
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

/**
 * The card as its view says it, for the home rows, similar cars, the garage and the saved-vehicles
 * page (which adds its compare box as children): the card's text and photo are cardBodyHtml's
 * markup (the one card the search results draw too, card-html.ts), the heart a client island.
 */
export function VehicleCardView({ view: v, priority = false, children }: { view: CardView; priority?: boolean; children?: ReactNode }) {
  return (
    <article className="vc" data-testid="vehicle-card">
      <div className="contents" dangerouslySetInnerHTML={{ __html: cardBodyHtml(v, priority) }} />
      <FavouriteButton car={favouriteOf(v)} className="vc-fav" />
      {children ? <div className="vc-x">{children}</div> : null}
    </article>
  );
}

/** A card's enquiry button: to the vehicle page's form, named with the car for a screen reader. */
export function EnquireLink({ view: v, className }: { view: Pick<CardView, "href" | "title" | "enquireText">; className?: string }) {
  return (
    <a href={`${v.href}#enquiry-form`} className={clsx("btn-enquire", className)} aria-label={`${v.enquireText}: ${v.title}`}>
      {v.enquireText}
    </a>
  );
}

/** The call-to-action card at position 30 (docs/features/search-and-vehicles.md). */
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
        <a href="/contact" className="inline-flex min-h-11 items-center rounded-md bg-white px-4 font-semibold text-neutral-900">
          Contact us
        </a>
        <a href={sellHref} className="inline-flex min-h-11 items-center rounded-md border border-white px-4 font-semibold">
          {sellLabel}
        </a>
      </div>
    </aside>
  );
}
