import Link from "next/link";
import type { ReviewsTeaser } from "@/domain/locations/reviews";
import type { Location } from "@/domain/site/types";
import type { SiteContext } from "@/domain/site/context";
import { LocationCard, locationCardContext, locationTypeLabel } from "./location-card";
import { LocationPicker } from "./location-picker";
import { ReviewsSection } from "./reviews-section";
import { PageSection, PageTitle } from "@/components/ui/page";

export const LOCATION_FILTERS = ["sales", "service", "parts", "buying"] as const;
export type LocationFilter = (typeof LOCATION_FILTERS)[number];

export function matchesFilter(l: Location, f: LocationFilter | null): boolean {
  if (!f) return true;
  if (f === "buying") return l.locationSubtype.includes("buying");
  return l.locationType === f;
}

/** /dealerships and /our-locations: the picker, a type filter and every location card. */
export type DirectoryProps = {
  ctx: SiteContext;
  path: string;
  type: string | undefined;
  now: number;
  reviews: ReviewsTeaser;
};

export function LocationsDirectory({ ctx, path, type, now, reviews }: DirectoryProps) {
  const filter = (LOCATION_FILTERS as readonly string[]).includes(type ?? "") ? (type as LocationFilter) : null;
  const present = LOCATION_FILTERS.filter((f) => ctx.locations.some((l) => matchesFilter(l, f)));
  const shown = ctx.locations.filter((l) => matchesFilter(l, filter));
  const cardCtx = locationCardContext(ctx, now);
  return (
    <>
      <PageSection>
        <PageTitle>{ctx.locations.length === 1 ? "Our Location" : "Our Dealerships"}</PageTitle>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
          {present.length > 1 && (
            <nav aria-label="Filter locations">
              <ul className="flex flex-wrap gap-2">
                {[null, ...present].map((f) => (
                  <li key={f ?? "all"}>
                    <Link
                      href={f ? `${path}?type=${f}` : path}
                      aria-current={filter === f ? "true" : undefined}
                      className="inline-flex min-h-11 items-center rounded-full border border-brand px-4 text-sm font-semibold text-brand aria-[current]:bg-brand aria-[current]:text-brand-contrast"
                    >
                      {f
                        ? locationTypeLabel({
                            locationType: f === "buying" ? "sales" : f,
                            locationSubtype: f === "buying" ? ["buying"] : [],
                          })
                        : "All"}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <LocationPicker locations={ctx.locations.map((l) => ({ slug: l.slug, name: l.name }))} />
        </div>
        <p className="sr-only" role="status">
          {shown.length} locations shown
        </p>
        <ul className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
          {shown.map((l) => (
            <li key={l.id}>
              <LocationCard location={l} ctx={cardCtx} />
            </li>
          ))}
        </ul>
      </PageSection>
      {ctx.features.reviews && <ReviewsSection teaser={reviews} now={now} locale={ctx.format.locale} />}
    </>
  );
}
