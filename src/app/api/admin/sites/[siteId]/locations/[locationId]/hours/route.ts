// PUT /api/admin/sites/{siteId}/locations/{locationId}/hours — a location's week of opening hours
import { putLocationHours } from "@/server/admin/api/hours";

export const dynamic = "force-dynamic";
export const PUT = putLocationHours;
