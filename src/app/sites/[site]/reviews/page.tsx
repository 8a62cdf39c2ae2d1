import type { Metadata } from "next";
import { ReviewsView } from "@/components/locations/location-pages";
import { loadReviews } from "../_routes/directory";
import type { SiteParams } from "../_routes/site";

type Props = { params: SiteParams };

export const metadata: Metadata = { title: "Customer Reviews" };

// GET /reviews — the full list (12 reviews rated above 4), where the reviews flag is on
export default async function ReviewsPage({ params }: Props) {
  return <ReviewsView {...await loadReviews(params)} />;
}
