// DELETE /api/admin/sites/{siteId}/staff/{userId} — an owner removes a staff member from the site
import { deleteStaffRole } from "@/server/admin/api/staff";

export const dynamic = "force-dynamic";
export const DELETE = deleteStaffRole;
