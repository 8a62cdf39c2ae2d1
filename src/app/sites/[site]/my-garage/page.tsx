import type { Metadata } from "next";
import { GarageView } from "@/components/account/account-pages";
import { garageMetadata, loadGarageView } from "../_routes/account";
import type { SearchParams, SiteParams } from "../_routes/site";

export async function generateMetadata({ params }: { params: SiteParams }): Promise<Metadata> {
  return garageMetadata(params);
}

// GET /my-garage — the signed-in customer's garage (its name differs per site)
export default async function GaragePage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <GarageView {...await loadGarageView(params, searchParams)} />;
}
