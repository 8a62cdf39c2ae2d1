import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { LocationsDirectory } from "@/components/locations/locations-directory";
import { getSiteContext } from "@/server/site-context";

type Props = { params: Promise<{ site: string }>; searchParams: Promise<{ type?: string | string[] }> };

export const metadata: Metadata = { title: "Our Locations" };

// GET /our-locations — the location list (same directory as /dealerships)
export default async function OurLocationsPage({ params, searchParams }: Props) {
  const ctx = await getSiteContext((await params).site);
  if (!ctx) notFound();
  const type = (await searchParams).type;
  return <LocationsDirectory ctx={ctx} path="/our-locations" type={typeof type === "string" ? type : undefined} />;
}
