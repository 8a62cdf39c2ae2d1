// POST /api/trade-in-valuation — an indicative trade-in range for the looked-up car
import { valuationRoute } from "@/server/leads/lookup-api";

export const dynamic = "force-dynamic";
export const POST = valuationRoute;
