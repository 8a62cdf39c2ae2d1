import type { Metadata } from "next";
import { LocationCard, locationCardContext } from "@/components/locations/location-card";
import { brandDisplayName } from "@/domain/site/brands";
import { requestNow } from "@/server/base/clock";
import { requireSite, type SiteParams } from "../../_routes/site";
import { PageSection, PageTitle } from "@/components/ui/page";

type Props = { params: SiteParams };

export const metadata: Metadata = { title: "All Dealerships" };

// GET /dealerships/all — every dealership of the site with its locations
export default async function AllDealershipsPage({ params }: Props) {
  const ctx = await requireSite(params, "/dealerships/all");
  const cardCtx = locationCardContext(ctx, requestNow());
  const groups = ctx.dealerships.map((d) => ({ d, locations: ctx.locations.filter((l) => l.dealershipId === d.id) }));
  const unassigned = ctx.locations.filter((l) => !ctx.dealerships.some((d) => d.id === l.dealershipId));
  return (
    <PageSection>
      <PageTitle>All Dealerships</PageTitle>
      {[...groups, ...(unassigned.length ? [{ d: { id: 0, name: "Other locations", make: null }, locations: unassigned }] : [])]
        .filter((g) => g.locations.length > 0)
        .map(({ d, locations }) => (
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
