import type { Metadata } from "next";
import { OffersView } from "@/components/content/range-pages";
import { loadOffers, offersMetadata } from "../_routes/range";
import type { SiteParams } from "../_routes/site";

type Props = { params: SiteParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return offersMetadata(params);
}

// GET /special-offers — the offers running now (an ended offer is no longer listed); 404 where the site has none
export default async function SpecialOffersPage({ params }: Props) {
  return <OffersView {...await loadOffers(params)} />;
}
