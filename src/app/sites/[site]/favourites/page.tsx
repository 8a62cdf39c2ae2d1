import type { Metadata } from "next";
import { FavouritesList } from "@/components/stock/favourites-list";
import { pluralNoun } from "@/domain/stock/summary";
import { requireSite, type SiteParams } from "../_routes/site";
import { PageSection, PageTitle } from "@/components/ui/page";
import { TrackView } from "@/components/widgets/track-view";
import { EVENT_IDS } from "@/domain/analytics/events";

type Props = { params: SiteParams };

export const metadata: Metadata = { title: "Saved Vehicles", robots: { index: false } };

// GET /favourites — the shopper's saved vehicles (kept in this browser)
export default async function FavouritesPage({ params }: Props) {
  const ctx = await requireSite(params, "/favourites");
  return (
    <PageSection>
      <TrackView event={EVENT_IDS.favouritesView} />
      <PageTitle className="mb-6">Saved Vehicles</PageTitle>
      <FavouritesList plural={pluralNoun(ctx.noun)} />
    </PageSection>
  );
}
