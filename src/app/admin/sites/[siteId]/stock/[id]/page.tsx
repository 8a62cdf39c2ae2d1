import type { Metadata } from "next";
import { VehicleView } from "@/components/admin/views/vehicle";
import { loadVehicle } from "@/app/admin/_routes/stock";

export const metadata: Metadata = { title: "Edit vehicle" };

// GET /sites/{siteId}/stock/{id} — one car's editable fields and its photos (managers and owners)
export default async function VehiclePage({ params }: { params: Promise<{ siteId: string; id: string }> }) {
  return <VehicleView {...await loadVehicle(params)} />;
}
