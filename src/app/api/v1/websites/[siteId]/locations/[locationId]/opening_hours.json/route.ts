// PUT /api/v1/websites/{siteId}/locations/{locationId}/opening_hours.json — administrator Basic auth; replaces a location's week
import { putOpeningHours } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const PUT = putOpeningHours;
