// POST /api/admin/sites/{siteId}/vehicles/bulk — a bulk action on the stock list's selected cars
import { postBulk } from "@/server/admin/api/stock-list";

export const dynamic = "force-dynamic";
export const POST = postBulk;
