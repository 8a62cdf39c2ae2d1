import { VehicleDetailPage, vehicleMetadata, type DetailProps } from "@/components/stock/vehicle-detail";

// GET /campers/{slug} — vehicle detail (404 on a site whose template uses another base)
export const generateMetadata = (props: DetailProps) => vehicleMetadata("/campers", props);

export default function Page(props: DetailProps) {
  return <VehicleDetailPage base="/campers" props={props} />;
}
