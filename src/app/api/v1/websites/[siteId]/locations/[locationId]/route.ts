// PUT /api/v1/websites/{siteId}/locations/{locationId}.json — administrator Basic auth; change one location
import { putLocation } from "@/server/platform/websites-api";

export const dynamic = "force-dynamic";
export const PUT = putLocation;
