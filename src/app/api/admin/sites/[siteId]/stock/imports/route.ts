// POST /api/admin/sites/{siteId}/stock/imports — a stock CSV, checked; answers the report
import { postStockImport } from "@/server/admin/api/stock";

export const dynamic = "force-dynamic";
export const POST = postStockImport;
