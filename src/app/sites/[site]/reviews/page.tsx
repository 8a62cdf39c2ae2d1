import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ReviewsSection } from "@/components/locations/reviews-section";
import { FULL_REVIEW_QUANTITY } from "@/domain/locations/reviews";
import { requestNow } from "@/server/clock";
import { reviewsService } from "@/server/reviews-service";
import { getSiteContext } from "@/server/site-context";

type Props = { params: Promise<{ site: string }> };

export const metadata: Metadata = { title: "Customer Reviews" };

// GET /reviews — the full list (12 reviews rated above 4), where the reviews flag is on
export default async function ReviewsPage({ params }: Props) {
  const ctx = await getSiteContext((await params).site);
  if (!ctx || !ctx.features.reviews) notFound();
  const [summary, reviews] = await Promise.all([reviewsService.summary(ctx.site.id), reviewsService.list(ctx.site.id, FULL_REVIEW_QUANTITY)]);
  return (
    <>
      <h1 className="sr-only">Customer Reviews</h1>
      <ReviewsSection summary={summary} reviews={reviews} now={requestNow()} locale={ctx.format.locale} heading={`What our customers say about ${ctx.site.name}`} moreLink={false} />
    </>
  );
}
