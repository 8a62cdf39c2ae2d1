// POST /api/admin/sites/{siteId}/content — a new page, post or offer
import { postContent } from "@/server/admin/api/content";

export const dynamic = "force-dynamic";
export const POST = postContent;
