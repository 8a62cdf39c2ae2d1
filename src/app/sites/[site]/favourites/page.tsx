import type { Metadata } from "next";
import { FavouritesList } from "@/components/stock/favourites-list";
import { detailBasePath } from "@/domain/site/vehicle";
import { pluralNoun } from "@/domain/stock/summary";
import { requireSite, type SiteParams } from "../_routes/site";

type Props = { params: SiteParams };

export const metadata: Metadata = { title: "Saved Vehicles", robots: { index: false } };

// GET /favourites — the shopper's saved vehicles (kept in this browser)
export default async function FavouritesPage({ params }: Props) {
  const ctx = await requireSite(params, "/favourites");
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-extrabold md:text-3xl">Saved Vehicles</h1>
      <FavouritesList basePath={detailBasePath(ctx.site.template)} plural={pluralNoun(ctx.noun)} />
    </div>
  );
}
