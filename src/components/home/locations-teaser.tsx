import { MapPin, Phone } from "@/components/ui/icons";
import { LocationsCarousel } from "@/components/locations/locations-carousel";
import { locationTypeLabel } from "@/components/locations/location-card";
import { formatAddress } from "@/domain/locations/geo";
import { openState } from "@/domain/locations/hours";
import type { Location } from "@/domain/site/types";
import type { SiteContext } from "@/domain/site/context";
import { telHref } from "@/domain/site/links";

function Teaser({ l, ctx, now }: { l: Location; ctx: SiteContext; now: number }) {
  const state = openState(now, l.timezone, l.openingHours, ctx.specialHours, l.id);
  return (
    <div className="h-full rounded-lg border border-neutral-200 bg-white p-5">
      <p className="text-xs font-semibold uppercase tracking-wide text-neutral-600">{locationTypeLabel(l)}</p>
      <h3 className="mt-1 text-lg font-bold">
        <a href={`/our-location/${l.slug}`} className="hover:underline">
          {l.name}
        </a>
      </h3>
      <p className="mt-1 text-sm font-semibold">
        {state.label}
        {state.detail ? ` · ${state.detail}` : ""}
      </p>
      <p className="mt-2 flex items-start gap-2 text-sm text-neutral-700">
        <MapPin aria-hidden className="mt-0.5 size-4 shrink-0" />
        {formatAddress(l.address, ctx.site.country)}
      </p>
      <a
        href={telHref(l.contactDetail.phone, ctx.site.country)}
        className="mt-2 inline-flex min-h-11 items-center gap-2 text-sm font-semibold text-brand"
      >
        <Phone aria-hidden className="size-4" />
        {l.contactDetail.phone}
      </a>
    </div>
  );
}

export function LocationsTeaser({ ctx, now }: { ctx: SiteContext; now: number }) {
  return (
    <section aria-labelledby="locations-heading" className="mx-auto max-w-7xl px-4 py-12">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="locations-heading" className="text-2xl font-bold">
          {ctx.locations.length === 1 ? "Our Location" : "Our Locations"}
        </h2>
        <a href="/dealerships" className="font-semibold text-brand underline">
          View all locations
        </a>
      </div>
      {ctx.locations.length === 1 ? (
        <Teaser l={ctx.locations[0]!} ctx={ctx} now={now} />
      ) : (
        <LocationsCarousel label="Our locations">
          {ctx.locations.map((l) => (
            <Teaser key={l.id} l={l} ctx={ctx} now={now} />
          ))}
        </LocationsCarousel>
      )}
    </section>
  );
}
