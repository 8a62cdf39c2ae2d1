// POST /api/admin/leads/{id}/assign — give a lead to someone of its site's team (managers and owners)
import { assignLeadRoute } from "@/server/admin/api/leads";

export const dynamic = "force-dynamic";
export const POST = assignLeadRoute;
