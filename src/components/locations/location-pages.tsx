import { LeadForm } from "@/components/forms/lead-form";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { JsonLd } from "@/components/ui/json-ld";
import { PageSection, PageTitle, Panel } from "@/components/ui/page";
import { TrackView } from "@/components/widgets/track-view";
import { EVENT_IDS } from "@/domain/analytics/events";
import { locationJsonLd } from "@/domain/content/json-ld";
import { formatDistanceAway } from "@/domain/format/country";
import { leadFormSite } from "@/domain/leads/forms";
import { directionsUrl, formatAddress } from "@/domain/locations/geo";
import type { ReviewsTeaser } from "@/domain/locations/reviews";
import { brandDisplayName } from "@/domain/site/brands";
import type { SiteContext } from "@/domain/site/context";
import type { Location } from "@/domain/site/types";
import { LocationCard, locationCardContext } from "./location-card";
import { LocationPicker } from "./location-picker";
import { LocationsCarousel } from "./locations-carousel";
import { MapView } from "./map-view";
import { ReviewsSection } from "./reviews-section";

type Refused = { errors: Record<string, string>; values: Record<string, string> } | null;

/** /contact-us/{slug}: one location's contact form, above its card. */
export function ContactLocationView(props: {
  ctx: SiteContext;
  location: Location;
  now: number;
  refused?: Refused;
  submissionToken: string;
}) {
  const { ctx, location, now } = props;
  return (
    <PageSection width="text">
      <PageTitle>Contact {location.name}</PageTitle>
      <p className="mt-2 text-neutral-700">Call, email or visit us: our team is happy to help.</p>
      <Panel className="mt-6">
        <LeadForm
          kind="contact"
          site={leadFormSite(ctx)}
          defaultLocationId={location.id}
          fixedLocation
          heading={`Send ${location.name} a message`}
          refused={props.refused}
          submissionToken={props.submissionToken}
        />
      </Panel>
      <div className="mt-6">
        <LocationCard location={location} ctx={locationCardContext(ctx, now)} />
      </div>
    </PageSection>
  );
}

export type DealershipGroup = { dealership: { id: number; name: string; make: string | null }; locations: Location[] };

/** /dealerships/all: each dealership with its locations. */
export function AllDealershipsView({ ctx, now, groups }: { ctx: SiteContext; now: number; groups: DealershipGroup[] }) {
  const cardCtx = locationCardContext(ctx, now);
  return (
    <PageSection>
      <PageTitle>All Dealerships</PageTitle>
      {groups.map(({ dealership: d, locations }) => (
        <section key={d.id} aria-labelledby={`dealership-${d.id}`} className="mt-8">
          <h2 id={`dealership-${d.id}`} className="text-xl font-bold">
            {d.name}
            {d.make ? <span className="ml-2 text-base font-normal text-neutral-700">{brandDisplayName(d.make)}</span> : null}
          </h2>
          <ul className="mt-4 grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3">
            {locations.map((l) => (
              <li key={l.id}>
                <LocationCard location={l} ctx={cardCtx} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </PageSection>
  );
}

/** /our-location/{slug}: one location's card and map, and the others nearest first (`others`, with their distance). */
export function LocationView(props: {
  ctx: SiteContext;
  location: Location;
  now: number;
  others: Array<{ location: Location; km: number }>;
}) {
  const { ctx, location: l, others } = props;
  const cardCtx = locationCardContext(ctx, props.now);
  return (
    <PageSection>
      <TrackView event={EVENT_IDS.locationView} props={{ location: l.slug }} label={l.name} />
      <JsonLd data={locationJsonLd(ctx.site, l, ctx.site.country)} />
      <Breadcrumbs
        siteUrl={ctx.site.url}
        crumbs={[
          { label: "Our Dealerships", href: "/dealerships" },
          { label: l.name, href: `/our-location/${l.slug}` },
        ]}
      />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <PageTitle>{l.name}</PageTitle>
        <LocationPicker locations={ctx.locations.map((x) => ({ slug: x.slug, name: x.name }))} current={l.slug} />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <LocationCard location={l} ctx={cardCtx} />
        <MapView
          mapKey={l.address.map_key}
          lat={l.address.lat}
          long={l.address.long}
          title={l.name}
          address={formatAddress(l.address, ctx.site.country)}
          directions={directionsUrl(l.address)}
        />
      </div>
      {others.length > 0 && (
        <section aria-labelledby="other-locations" className="mt-12">
          <h2 id="other-locations" className="mb-4 text-xl font-bold">
            Our other locations
          </h2>
          <LocationsCarousel label="Our other locations">
            {others.map(({ location: o, km }) => (
              <div key={o.id} className="h-full">
                <LocationCard location={o} ctx={cardCtx} headingLevel={3} />
                <p className="mt-1 text-sm text-neutral-700">{formatDistanceAway(km, ctx.site.country)}</p>
              </div>
            ))}
          </LocationsCarousel>
        </section>
      )}
    </PageSection>
  );
}

/** /reviews: the full list of reviews. */
export function ReviewsView({ siteName, locale, teaser, now }: { siteName: string; locale: string; teaser: ReviewsTeaser; now: number }) {
  return (
    <>
      <TrackView event={EVENT_IDS.reviewView} />
      <h1 className="sr-only">Customer Reviews</h1>
      <ReviewsSection teaser={teaser} now={now} locale={locale} heading={`What our customers say about ${siteName}`} moreLink={false} />
    </>
  );
}
