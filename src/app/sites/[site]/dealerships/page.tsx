import type { Metadata } from "next";
import { LocationsDirectory } from "@/components/locations/locations-directory";
import { requestNow } from "@/server/clock";
import { reviewsTeaser } from "../_routes/directory";
import { oneParam, requireSite, type SearchParams, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export const metadata: Metadata = { title: "Our Dealerships" };

// GET /dealerships?type={sales|service|parts|buying} — every location of the site, filtered by type
export default async function DealershipsPage({ params, searchParams }: Props) {
  const ctx = await requireSite(params, "/dealerships");
  const type = oneParam((await searchParams).type);
  return <LocationsDirectory ctx={ctx} path="/dealerships" type={type} now={requestNow()} reviews={await reviewsTeaser(ctx)} />;
}
