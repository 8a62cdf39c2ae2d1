// POST /api/admin/sites/{siteId}/widgets — the widget and tracking ids (a plain form post: settings and the console)
import { postWidgets } from "@/server/admin/api/widgets";

export const dynamic = "force-dynamic";
export const POST = postWidgets;
