import type { Metadata } from "next";
import { BuyOnlineView } from "@/components/store/store-pages";
import type { SiteParams } from "../_routes/site";
import { buyOnlineMetadata, loadBuyOnline } from "../_routes/store";

type Props = { params: SiteParams };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return buyOnlineMetadata(params);
}

// GET /buy-online — a link target of the store feature: how reserving online works
export default async function BuyOnlinePage({ params }: Props) {
  return <BuyOnlineView {...await loadBuyOnline(params)} />;
}
