import type { Metadata } from "next";
import { VehicleDetailPage } from "@/components/stock/vehicle-detail";
import { requestNow } from "@/server/base/clock";
import type { SlugParams } from "../../_routes/site";
import { requireVehicle, vehicleMetadata } from "../../_routes/vehicle";

type Props = { params: SlugParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return vehicleMetadata(await requireVehicle("/campers", params));
}

// GET /campers/{slug} — a vehicle's page (404 on a site whose template uses another base)
export default async function CamperPage({ params }: Props) {
  const { ctx, vehicle, listed, similar, store } = await requireVehicle("/campers", params);
  return <VehicleDetailPage ctx={ctx} vehicle={vehicle} listed={listed} similar={similar} now={requestNow()} store={store} />;
}
