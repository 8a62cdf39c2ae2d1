// PUT /api/v1/websites/{siteId}/special_hours.json — administrator Basic auth; replaces the site's special hours
import { putSpecialHours } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const PUT = putSpecialHours;
