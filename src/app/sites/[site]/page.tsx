import { notFound } from "next/navigation";
import { BrandsSection } from "@/components/home/brands-section";
import { HomeHero } from "@/components/home/home-hero";
import { LocationsTeaser } from "@/components/home/locations-teaser";
import { StockSummarySection } from "@/components/home/stock-summary";
import { ReviewsSection } from "@/components/locations/reviews-section";
import { requestNow } from "@/server/clock";
import { reviewsService } from "@/server/reviews-service";
import { getSiteContext } from "@/server/site-context";

type Props = { params: Promise<{ site: string }> };

export default async function HomePage({ params }: Props) {
  const ctx = await getSiteContext((await params).site);
  if (!ctx) notFound();
  const [summary, reviews] = ctx.features.reviews ? await Promise.all([reviewsService.summary(ctx.site.id), reviewsService.list(ctx.site.id, 3)]) : [null, []];
  const now = requestNow();
  return (
    <>
      <HomeHero ctx={ctx} />
      <StockSummarySection ctx={ctx} />
      <BrandsSection ctx={ctx} />
      <LocationsTeaser ctx={ctx} now={now} />
      {ctx.features.reviews && <ReviewsSection summary={summary} reviews={reviews} now={now} locale={ctx.format.locale} />}
    </>
  );
}
