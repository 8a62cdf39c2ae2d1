// GET /api/admin/sites/{siteId}/vehicles/next-stock-number — a suggested stock number for a new car
import { getNextStockNumber } from "@/server/admin/api/vehicles";

export const dynamic = "force-dynamic";
export const GET = getNextStockNumber;
