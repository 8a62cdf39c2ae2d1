import type { Metadata } from "next";
import { ModelsView } from "@/components/content/range-pages";
import { loadModels, modelsMetadata } from "../_routes/range";
import type { SiteParams } from "../_routes/site";

type Props = { params: SiteParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return modelsMetadata(params);
}

// GET /models — the range per brand, each model with its stock count and the "from" price computed from stock
export default async function ModelsPage({ params }: Props) {
  return <ModelsView {...await loadModels(params)} />;
}
