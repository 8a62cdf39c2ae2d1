import type { Metadata } from "next";
import { ModelView } from "@/components/content/range-pages";
import { loadModel, modelMetadata } from "../../_routes/range";
import type { SlugParams } from "../../_routes/site";

type Props = { params: SlugParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return modelMetadata(params);
}

// GET /models/{slug} — one model: its words, counts per condition, the "from" price and the cars in stock
export default async function ModelPage({ params }: Props) {
  return <ModelView {...await loadModel(params)} />;
}
