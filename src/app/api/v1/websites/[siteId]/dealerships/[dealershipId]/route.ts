// PUT /api/v1/websites/{siteId}/dealerships/{dealershipId}.json — administrator Basic auth; change one dealership (hide, order…)
import { putDealership } from "@/server/platform/websites-api";

export const dynamic = "force-dynamic";
export const PUT = putDealership;
