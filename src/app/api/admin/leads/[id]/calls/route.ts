// POST /api/admin/leads/{id}/calls — a call logged on the lead: its outcome, a note and the follow-up day
import { logCallRoute } from "@/server/admin/api/leads";

export const dynamic = "force-dynamic";
export const POST = logCallRoute;
