import type { Metadata } from "next";
import { StockImportView } from "@/components/admin/views/stock-import";
import type { SiteParams } from "@/app/admin/_routes/params";
import { loadStockImport } from "@/app/admin/_routes/stock";

export const metadata: Metadata = { title: "Import stock" };

// GET /sites/{siteId}/stock/import — a CSV checked line by line, then applied (managers and owners)
export default async function ImportPage({ params }: { params: SiteParams }) {
  return <StockImportView {...await loadStockImport(params)} />;
}
