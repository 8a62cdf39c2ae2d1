// POST /api/admin/sites/{siteId}/invitations — an owner invites a staff member by email
import { postInvitation } from "@/server/admin/api/staff";

export const dynamic = "force-dynamic";
export const POST = postInvitation;
