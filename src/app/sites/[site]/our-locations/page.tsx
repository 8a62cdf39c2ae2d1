import type { Metadata } from "next";
import { LocationsDirectory } from "@/components/locations/locations-directory";
import { requestNow } from "@/server/clock";
import { reviewsTeaser } from "../_routes/directory";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export const metadata: Metadata = { title: "Our Locations" };

// GET /our-locations?type={sales|service|parts|buying} — every location of the site, filtered by type
export default async function OurLocationsPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/our-locations");
  const type = oneParam((await searchParams).type);
  return <LocationsDirectory ctx={ctx} path="/our-locations" type={type} now={requestNow()} reviews={await reviewsTeaser(ctx)} />;
}
