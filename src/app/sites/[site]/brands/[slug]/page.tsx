import type { Metadata } from "next";
import { BrandView } from "@/components/content/range-pages";
import { loadBrand, brandMetadata } from "../../_routes/range";
import type { SlugParams } from "../../_routes/site";

type Props = { params: SlugParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return brandMetadata(params);
}

// GET /brands/{slug} — a franchise: its words, locations, stock (count, a row of cars, the search link), models, offers and a call to action
export default async function BrandPage({ params }: Props) {
  return <BrandView {...await loadBrand(params)} />;
}
