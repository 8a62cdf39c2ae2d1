// POST /api/admin/accept-invite — accepts an invitation: the staff account, its role, signed in
import { acceptInvite } from "@/server/admin/api/session";

export const dynamic = "force-dynamic";
export const POST = acceptInvite;
