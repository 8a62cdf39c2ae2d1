import type { Metadata } from "next";
import { ReviewsSection } from "@/components/locations/reviews-section";
import { FULL_REVIEW_QUANTITY } from "@/domain/locations/reviews";
import { requestNow } from "@/server/base/clock";
import { reviewsTeaser } from "../_routes/directory";
import { requireSite, type SiteParams } from "../_routes/site";
import { TrackView } from "@/components/widgets/track-view";
import { EVENT_IDS } from "@/domain/analytics/events";

type Props = { params: SiteParams };

export const metadata: Metadata = { title: "Customer Reviews" };

// GET /reviews — the full list (12 reviews rated above 4), where the reviews flag is on
export default async function ReviewsPage({ params }: Props) {
  const ctx = await requireSite(params, "/reviews");
  const teaser = await reviewsTeaser(ctx, FULL_REVIEW_QUANTITY);
  return (
    <>
      <TrackView event={EVENT_IDS.reviewView} />
      <h1 className="sr-only">Customer Reviews</h1>
      <ReviewsSection
        teaser={teaser}
        now={requestNow()}
        locale={ctx.format.locale}
        heading={`What our customers say about ${ctx.site.name}`}
        moreLink={false}
      />
    </>
  );
}
