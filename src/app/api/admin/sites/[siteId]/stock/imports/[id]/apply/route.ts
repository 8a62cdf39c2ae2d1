// POST /api/admin/sites/{siteId}/stock/imports/{id}/apply — applies a checked import
import { applyStockImport } from "@/server/admin/api/stock";

export const dynamic = "force-dynamic";
export const POST = applyStockImport;
