import type { Metadata } from "next";
import { AllDealershipsView } from "@/components/locations/location-pages";
import { loadAllDealerships } from "../../_routes/directory";
import type { SiteParams } from "../../_routes/site";

type Props = { params: SiteParams };

export const metadata: Metadata = { title: "All Dealerships" };

// GET /dealerships/all — every dealership of the site with its locations
export default async function AllDealershipsPage({ params }: Props) {
  return <AllDealershipsView {...await loadAllDealerships(params)} />;
}
