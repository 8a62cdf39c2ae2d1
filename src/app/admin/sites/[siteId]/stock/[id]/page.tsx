import type { Metadata } from "next";
import { VehicleView } from "@/components/admin/views/vehicle";
import { loadVehicle } from "@/app/admin/_routes/stock";
import type { SearchParams } from "@/app/admin/_routes/params";

export const metadata: Metadata = { title: "Edit vehicle" };

// GET /sites/{siteId}/stock/{id} — one car's every field and its photos (managers and owners)
export default async function VehiclePage({
  params,
  searchParams,
}: {
  params: Promise<{ siteId: string; id: string }>;
  searchParams: SearchParams;
}) {
  return <VehicleView {...await loadVehicle(params, searchParams)} />;
}
