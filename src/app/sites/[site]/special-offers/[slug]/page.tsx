import type { Metadata } from "next";
import { OfferArticle } from "@/components/content/content-views";
import { loadOffer, offerMetadata } from "../../_routes/range";
import type { SlugParams } from "../../_routes/site";

type Props = { params: SlugParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return offerMetadata(params);
}

// GET /special-offers/{slug} — one offer: price or saving, terms and expiry; an ended offer's page says it has ended
export default async function SpecialOfferPage({ params }: Props) {
  return <OfferArticle {...await loadOffer(params)} />;
}
