// POST /api/v1/websites/{siteId}/dealerships — administrator Basic auth; a new dealership (dealership_websites) → 201
import { postDealership } from "@/server/platform/websites-api";

export const dynamic = "force-dynamic";
export const POST = postDealership;
