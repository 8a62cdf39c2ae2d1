import type { ReviewsTeaser } from "@/domain/locations/reviews";
import {
  dealershipChoices,
  directoryFilter,
  directoryHref,
  filterLocations,
  LOCATION_FILTERS,
  matchesType,
} from "@/domain/locations/directory";
import type { SiteContext } from "@/domain/site/context";
import { NearForm } from "@/components/stock/near-form";
import { countOf } from "@/domain/format/price";
import { distanceLabel, type NearQuery } from "@/domain/locations/near";
import { LocationCard, locationCardContext, locationTypeLabel } from "./location-card";
import { LocationPicker } from "./location-picker";
import { ReviewsSection } from "./reviews-section";
import { PageSection, PageTitle } from "@/components/ui/page";

const chip =
  "inline-flex min-h-11 items-center rounded-full border border-brand px-4 text-sm font-semibold text-brand aria-[current]:bg-brand aria-[current]:text-brand-contrast";

/** /dealerships and /our-locations: the picker, the type and dealership filters and every location card. */
export type DirectoryProps = {
  ctx: SiteContext;
  path: string;
  type: string | undefined;
  dealership?: string | undefined;
  now: number;
  reviews: ReviewsTeaser;
  /** where the shopper said they are, and each location's distance (km; null: a postcode not placed) */
  near?: { query: NearQuery; distances: Record<number, number> | null };
};

export function LocationsDirectory({ ctx, path, type, dealership, now, reviews, near }: DirectoryProps) {
  const f = directoryFilter({ type, dealership }, ctx.dealerships);
  const filter = f.type;
  const present = LOCATION_FILTERS.filter((t) => ctx.locations.some((l) => matchesType(l, t)));
  const dealerships = dealershipChoices(ctx.dealerships, ctx.locations);
  const distances = near?.distances ?? null;
  // nearest first where the shopper said where they are
  const shown = distances
    ? [...filterLocations(ctx.locations, f)].sort((a, b) => (distances[a.id] ?? Infinity) - (distances[b.id] ?? Infinity))
    : filterLocations(ctx.locations, f);
  const chosen = f.dealership?.slug ?? null;
  const cardCtx = locationCardContext(ctx, now);
  return (
    <>
      <PageSection>
        <PageTitle>{ctx.locations.length === 1 ? "Our Location" : "Our Dealerships"}</PageTitle>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
          {present.length > 1 && (
            <nav aria-label="Filter locations">
              <ul className="flex flex-wrap gap-2">
                {[null, ...present].map((t) => (
                  <li key={t ?? "all"}>
                    <a
                      href={directoryHref(path, { type: t, dealership: chosen })}
                      aria-current={filter === t ? "true" : undefined}
                      className={chip}
                    >
                      {t
                        ? locationTypeLabel({
                            locationType: t === "buying" ? "sales" : t,
                            locationSubtype: t === "buying" ? ["buying"] : [],
                          })
                        : "All"}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {dealerships.length > 0 && (
            <nav aria-label="Filter by dealership">
              <ul className="flex flex-wrap gap-2">
                {[null, ...dealerships].map((d) => (
                  <li key={d?.slug ?? "all"}>
                    <a
                      href={directoryHref(path, { type: filter, dealership: d?.slug ?? null })}
                      aria-current={chosen === (d?.slug ?? null) ? "true" : undefined}
                      className={chip}
                    >
                      {d ? d.name : "All dealerships"}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <LocationPicker locations={ctx.locations.map((l) => ({ slug: l.slug, name: l.name }))} />
        </div>
        {ctx.locations.length > 1 && (
          <NearForm
            href={directoryHref(path, { type: filter, dealership: chosen })}
            country={ctx.site.country}
            {...(near ? { near: near.query } : {})}
            unplaced={Boolean(near && !distances)}
            unit={ctx.format.distanceUnit}
          />
        )}
        <p className="sr-only" role="status">
          {countOf(shown.length, "location")} shown
        </p>
        {shown.length === 0 && (
          <p className="mt-6 rounded-lg border border-dashed border-neutral-300 p-6 text-center" data-testid="no-locations">
            {f.dealership ? `No ${f.dealership.name} location offers that.` : "No location offers that."}{" "}
            <a href={directoryHref(path, { type: null, dealership: chosen })} className="font-semibold text-brand underline">
              {f.dealership ? "Show all its locations" : "Show all locations"}
            </a>
          </p>
        )}
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((l) => (
            <li key={l.id}>
              <LocationCard
                location={l}
                ctx={cardCtx}
                {...(distances?.[l.id] !== undefined ? { distance: distanceLabel(distances[l.id]!, ctx.site.country) } : {})}
              />
            </li>
          ))}
        </ul>
      </PageSection>
      {ctx.features.reviews && <ReviewsSection teaser={reviews} now={now} locale={ctx.format.locale} />}
    </>
  );
}
