import { notFound } from "next/navigation";
import { BrandsSection } from "@/components/home/brands-section";
import { HomeHero } from "@/components/home/home-hero";
import { LocationsTeaser } from "@/components/home/locations-teaser";
import { StockSummarySection } from "@/components/home/stock-summary";
import { getSiteContext } from "@/server/site-context";

type Props = { params: Promise<{ site: string }> };

export default async function HomePage({ params }: Props) {
  const ctx = await getSiteContext((await params).site);
  if (!ctx) notFound();
  return (
    <>
      <HomeHero ctx={ctx} />
      <StockSummarySection ctx={ctx} />
      <BrandsSection ctx={ctx} />
      <LocationsTeaser ctx={ctx} />
    </>
  );
}
