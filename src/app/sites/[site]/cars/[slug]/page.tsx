import type { Metadata } from "next";
import { VehicleDetailPage } from "@/components/stock/vehicle-detail";
import { requestNow } from "@/server/base/clock";
import type { SlugParams } from "../../_routes/site";
import { requireVehicle, vehicleMetadata } from "../../_routes/vehicle";

type Props = { params: SlugParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return vehicleMetadata(await requireVehicle("/cars", params));
}

// GET /cars/{slug} — a vehicle's page (404 on a site whose template uses another base)
export default async function CarPage({ params }: Props) {
  const { ctx, vehicle, listed, similar, store } = await requireVehicle("/cars", params);
  return <VehicleDetailPage ctx={ctx} vehicle={vehicle} listed={listed} similar={similar} now={requestNow()} store={store} />;
}
