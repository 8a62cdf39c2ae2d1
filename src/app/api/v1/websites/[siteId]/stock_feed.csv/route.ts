import { postStockFeed } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const POST = postStockFeed;
