import type { Metadata } from "next";
import { LocationView } from "@/components/locations/location-pages";
import { loadLocation, locationMetadata } from "../../_routes/directory";
import type { SlugParams } from "../../_routes/site";

type Props = { params: SlugParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return locationMetadata(params);
}

// GET /our-location/{slug} — one location: card, map, and the other locations nearest first
export default async function OurLocationPage({ params }: Props) {
  return <LocationView {...await loadLocation(params)} />;
}
