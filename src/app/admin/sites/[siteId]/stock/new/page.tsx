import type { Metadata } from "next";
import { NewVehicleView } from "@/components/admin/views/new-vehicle";
import { loadNewVehicle } from "@/app/admin/_routes/stock";
import type { SearchParams, SiteParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Add a car" };

// GET /sites/{siteId}/stock/new?from={id} — the "Add a car" form, or a second unit like car {id} (managers and owners)
export default async function NewVehiclePage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <NewVehicleView {...await loadNewVehicle(params, searchParams)} />;
}
