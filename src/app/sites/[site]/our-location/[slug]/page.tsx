import type { Metadata } from "next";
import { LocationCard, locationCardContext } from "@/components/locations/location-card";
import { LocationPicker } from "@/components/locations/location-picker";
import { LocationsCarousel } from "@/components/locations/locations-carousel";
import { MapView } from "@/components/locations/map-view";
import { Breadcrumbs } from "@/components/ui/breadcrumbs";
import { JsonLd } from "@/components/ui/json-ld";
import { locationJsonLd } from "@/domain/content/json-ld";
import { formatDistanceAway } from "@/domain/format/country";
import { directionsUrl, distanceKm, formatAddress } from "@/domain/locations/geo";
import { requestNow } from "@/server/base/clock";
import { contentMetadata } from "../../_routes/content";
import { requireLocation, type SlugParams } from "../../_routes/site";
import { PageSection, PageTitle } from "@/components/ui/page";
import { TrackView } from "@/components/widgets/track-view";
import { EVENT_IDS } from "@/domain/analytics/events";

type Props = { params: SlugParams };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const { ctx, location } = await requireLocation(props.params);
  return contentMetadata(ctx, {
    title: location.name,
    description: `${location.name}, ${location.address.street}, ${location.address.city}: opening hours, phone, directions and our team.`,
    path: `/our-location/${location.slug}`,
    image: location.image,
  });
}

// GET /our-location/{slug} — one location: card, map, and the other locations nearest first
export default async function OurLocationPage(props: Props) {
  const { ctx, location: l } = await requireLocation(props.params);
  const cardCtx = locationCardContext(ctx, requestNow());
  const others = ctx.locations
    .filter((o) => o.id !== l.id)
    .map((o) => ({ o, km: distanceKm(l.address, o.address) }))
    .sort((a, b) => a.km - b.km);
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
            {others.map(({ o, km }) => (
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
