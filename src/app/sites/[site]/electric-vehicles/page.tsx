import type { Metadata } from "next";
import { ElectricVehiclesView } from "@/components/content/range-pages";
import { loadElectricVehicles, electricVehiclesMetadata } from "../_routes/range";
import type { SiteParams } from "../_routes/site";

type Props = { params: SiteParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return electricVehiclesMetadata(params);
}

// GET /electric-vehicles — EV and PHEV models and stock, chosen by the stock's fuel type
export default async function ElectricVehiclesPage({ params }: Props) {
  return <ElectricVehiclesView {...await loadElectricVehicles(params)} />;
}
