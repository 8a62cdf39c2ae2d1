// GET /api/admin/sites/{siteId}/preview — staff of the site open it as it is (a draft too) on its own host
import { getPreview } from "@/server/admin/api/settings";

export const dynamic = "force-dynamic";
export const GET = getPreview;
