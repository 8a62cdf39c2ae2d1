// POST /api/admin/leads/{id}/take — the staff member takes the lead while nobody has it (409 when someone took it first)
import { takeLeadRoute } from "@/server/admin/api/leads";

export const dynamic = "force-dynamic";
export const POST = takeLeadRoute;
