// PUT /api/admin/platform/sites/{siteId} — operators: change a site's record, publish or unpublish it
import { putConsoleSite } from "@/server/admin/api/platform";

export const dynamic = "force-dynamic";
export const PUT = putConsoleSite;
