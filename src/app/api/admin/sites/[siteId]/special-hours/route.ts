// PUT /api/admin/sites/{siteId}/special-hours — the site's holiday hours, replaced
import { putSpecialHours } from "@/server/admin/api/hours";

export const dynamic = "force-dynamic";
export const PUT = putSpecialHours;
