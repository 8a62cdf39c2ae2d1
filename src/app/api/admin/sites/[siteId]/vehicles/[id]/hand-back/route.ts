// POST /api/admin/sites/{siteId}/vehicles/{id}/hand-back — gives fields edited here back to the feed
import { postHandBack } from "@/server/admin/api/vehicles";

export const dynamic = "force-dynamic";
export const POST = postHandBack;
