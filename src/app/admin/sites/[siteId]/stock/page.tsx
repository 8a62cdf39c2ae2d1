import type { Metadata } from "next";
import { StockView } from "@/components/admin/views/stock";
import type { SearchParams, SiteParams } from "@/app/admin/_routes/params";
import { loadStock } from "@/app/admin/_routes/stock";

export const metadata: Metadata = { title: "Stock" };

// GET /sites/{siteId}/stock?q=&page= — the site's cars by stock number (everyone on the site; managers edit)
export default async function StockPage({ params, searchParams }: { params: SiteParams; searchParams: SearchParams }) {
  return <StockView {...await loadStock(params, searchParams)} />;
}
