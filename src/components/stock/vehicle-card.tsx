import Image from "next/image";
import Link from "next/link";
import { formatOdometer, priceTypeLabel } from "@/domain/format/country";
import { IMAGE_QUALITY } from "@/domain/format/image";
import { formatPrice } from "@/domain/format/price";
import { vehicleHref } from "@/domain/site/vehicle";
import { displayImage, vehicleFacts, vehicleTags, vehicleTitle, JUST_SOLD, type Vehicle } from "@/domain/stock/vehicle";
import { enquireButtonText, usedWord } from "@/domain/site/features";
import { cn } from "@/components/ui/cn";
import type { SiteContext } from "@/domain/site/context";
import { FavouriteButton } from "./favourite-button";

export type CardContext = {
  template: string;
  imageQuality: number;
  country: string;
  enquireText: string;
  usedWord: string;
  now: number;
  locationNames: Record<number, string>;
};

export const toFavourite = (v: Vehicle) => ({
  id: v.id,
  name: vehicleTitle(v),
  slug: v.slug,
  make: v.make,
  model: v.model,
  primary_image_url: displayImage(v),
});

const TYPE_LABEL = { new: "New", demo: "Demo" } as const;

/** Card context from the site: template, country, wording, one "now" and location names. */
export function cardContext(ctx: SiteContext, now: number): CardContext {
  return {
    template: ctx.site.template,
    imageQuality: ctx.features.low_image_quality ? IMAGE_QUALITY.low : IMAGE_QUALITY.default,
    country: ctx.site.country,
    enquireText: enquireButtonText(ctx.features),
    usedWord: usedWord(ctx.features),
    now,
    locationNames: Object.fromEntries(ctx.locations.map((l) => [l.id, l.name])),
  };
}

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
export function VehicleCard({ vehicle: v, ctx, priority = false }: { vehicle: Vehicle; ctx: CardContext; priority?: boolean }) {
  const href = vehicleHref(ctx.template, v.slug);
  const title = vehicleTitle(v);
  const facts = vehicleFacts(v);
  const priceType = priceTypeLabel(v.priceType, ctx.country);
  const tags = vehicleTags(v, ctx.now);
  const typeLabel = v.carType === "used" ? ctx.usedWord.charAt(0).toUpperCase() + ctx.usedWord.slice(1) : TYPE_LABEL[v.carType];
  return (
    <article
      className="relative flex flex-col overflow-hidden rounded-lg border border-neutral-200 bg-white shadow-sm"
      data-testid="vehicle-card"
    >
      <div className="relative aspect-[16/9] bg-neutral-100">
        <Image
          src={displayImage(v)}
          alt={title}
          fill
          sizes="(max-width: 767px) 100vw, (max-width: 991px) 50vw, 33vw"
          quality={ctx.imageQuality}
          className="object-cover"
          priority={priority}
        />
        <VehicleTags tags={tags} className="absolute left-2 top-2" />
        <FavouriteButton car={toFavourite(v)} className="absolute right-2 top-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-xs font-semibold uppercase tracking-wide text-neutral-600">
          {typeLabel}
          {v.status === "coming_soon" ? " · Coming soon" : ""}
        </p>
        <h3 className="text-base font-bold leading-snug">
          <Link href={href} className="after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-none">
            {title}
          </Link>
        </h3>
        <p className="text-xl font-extrabold" data-testid="price">
          {formatPrice(v.price)}
          {v.price && priceType ? <span className="ml-1 text-xs font-normal text-neutral-600">{priceType}</span> : null}
        </p>
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-neutral-700">
          {facts.odometerKm !== null && <li>{formatOdometer(facts.odometerKm, ctx.country)}</li>}
          {facts.transmission && <li>{facts.transmission}</li>}
          {facts.fuel && <li>{facts.fuel}</li>}
          {facts.berths && <li>Sleeps {facts.berths}</li>}
        </ul>
        {v.locationId && ctx.locationNames[v.locationId] && <p className="text-sm text-neutral-700">{ctx.locationNames[v.locationId]}</p>}
        <div className="relative z-10 mt-auto pt-2">
          <Link
            href={`${href}#enquiry-form`}
            className="inline-flex min-h-11 w-full items-center justify-center rounded-md bg-brand px-4 text-sm font-semibold text-brand-contrast hover:bg-brand-dark"
            aria-label={`${ctx.enquireText}: ${title}`}
          >
            {ctx.enquireText}
          </Link>
        </div>
      </div>
    </article>
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
