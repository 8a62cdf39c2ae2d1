// PUT /api/admin/platform/sites/{siteId}/locations/{locationId} — operators: change one location (hide, order, address…)
import { putConsoleLocation } from "@/server/admin/api/platform";

export const dynamic = "force-dynamic";
export const PUT = putConsoleLocation;
