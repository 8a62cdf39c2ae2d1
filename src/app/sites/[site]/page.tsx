import { BrandsSection } from "@/components/home/brands-section";
import { HomeHero } from "@/components/home/home-hero";
import { LocationsTeaser } from "@/components/home/locations-teaser";
import { StockSummarySection } from "@/components/home/stock-summary";
import { ReviewsSection } from "@/components/locations/reviews-section";
import { requestNow } from "@/server/clock";
import { reviewsTeaser } from "./_routes/directory";
import { requireSite, type SiteParams } from "./_routes/site";

type Props = { params: SiteParams };

export default async function HomePage({ params }: Props) {
  const ctx = await requireSite(params);
  const reviews = await reviewsTeaser(ctx);
  const now = requestNow();
  return (
    <>
      <HomeHero ctx={ctx} />
      <StockSummarySection ctx={ctx} />
      <BrandsSection ctx={ctx} />
      <LocationsTeaser ctx={ctx} now={now} />
      {ctx.features.reviews && <ReviewsSection summary={reviews.summary} reviews={reviews.items} now={now} locale={ctx.format.locale} />}
    </>
  );
}
