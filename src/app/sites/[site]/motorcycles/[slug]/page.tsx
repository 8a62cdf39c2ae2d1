import { VehicleDetailPage, vehicleMetadata, type DetailProps } from "@/components/stock/vehicle-detail";

// GET /motorcycles/{slug} — vehicle detail (404 on a site whose template uses another base)
export const generateMetadata = (props: DetailProps) => vehicleMetadata("/motorcycles", props);

export default function Page(props: DetailProps) {
  return <VehicleDetailPage base="/motorcycles" props={props} />;
}
