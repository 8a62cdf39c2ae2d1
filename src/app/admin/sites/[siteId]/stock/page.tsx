import type { Metadata } from "next";
import { StockView } from "@/components/admin/views/stock";
import type { SearchParams, SiteParams } from "@/app/admin/_routes/params";
import { loadStock } from "@/app/admin/_routes/stock-list";

export const metadata: Metadata = { title: "Stock" };

// GET /sites/{siteId}/stock?q=&condition=&location=&status=&no_photo=&no_price=&over=&sort=&dir=&page= — the stock list (everyone on the site; managers edit and act on a selection)
export default async function StockPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <StockView {...await loadStock(params, searchParams)} />;
}
