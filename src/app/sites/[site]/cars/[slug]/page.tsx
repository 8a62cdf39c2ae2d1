import type { Metadata } from "next";
import { VehicleDetailPage } from "@/components/stock/vehicle-detail";
import type { SlugParams } from "../../_routes/site";
import { loadVehiclePage, requireVehicle, vehicleMetadata } from "../../_routes/vehicle";

type Props = { params: SlugParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return vehicleMetadata(await requireVehicle("/cars", params));
}

// GET /cars/{slug} — a vehicle's page (404 on a site whose template uses another base)
export default async function CarPage({ params }: Props) {
  return <VehicleDetailPage {...await loadVehiclePage("/cars", params)} />;
}
