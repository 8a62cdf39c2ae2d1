// POST /api/admin/leads/{id} — a lead's new status and note
import { updateLead } from "@/server/admin/api/leads";

export const dynamic = "force-dynamic";
export const POST = updateLead;
