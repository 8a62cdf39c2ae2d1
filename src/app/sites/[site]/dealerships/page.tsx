import type { Metadata } from "next";
import { LocationsDirectory } from "@/components/locations/locations-directory";
import { directoryProps } from "../_routes/directory";
import type { SearchParams, SiteParams } from "../_routes/site";

type Props = { params: SiteParams; searchParams: SearchParams };

export const metadata: Metadata = { title: "Our Dealerships" };

// GET /dealerships?type={sales|service|parts|buying}&dealership={slug} — every location of the site, filtered by type and dealership
export default async function DealershipsPage({ params, searchParams }: Props) {
  return <LocationsDirectory {...await directoryProps(params, searchParams, "/dealerships")} />;
}
