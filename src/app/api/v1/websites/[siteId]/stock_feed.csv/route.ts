// POST /api/v1/websites/{siteId}/stock_feed.csv — administrator Basic auth; a dealer-management-system stock feed, checked and applied
import { postStockFeed } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const POST = postStockFeed;
