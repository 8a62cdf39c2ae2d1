import { VehicleDetailPage, vehicleMetadata, type DetailProps } from "@/components/stock/vehicle-detail";

// GET /cars/{slug} — vehicle detail (404 on a site whose template uses another base)
export const generateMetadata = (props: DetailProps) => vehicleMetadata("/cars", props);

export default function Page(props: DetailProps) {
  return <VehicleDetailPage base="/cars" props={props} />;
}
