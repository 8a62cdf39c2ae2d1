// GET /api/admin/sites/{siteId}/stock.csv — the stock list as filtered and sorted, as a stock CSV
import { getStockCsv } from "@/server/admin/api/stock-list";

export const dynamic = "force-dynamic";
export const GET = getStockCsv;
