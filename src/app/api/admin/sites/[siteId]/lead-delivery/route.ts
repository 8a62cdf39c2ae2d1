// PUT /api/admin/sites/{siteId}/lead-delivery — where the site's leads are delivered
import { putLeadDelivery } from "@/server/admin/api/settings";

export const dynamic = "force-dynamic";
export const PUT = putLeadDelivery;
