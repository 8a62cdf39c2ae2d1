import { deleteStaffRole } from "@/server/admin/admin-api";

export const dynamic = "force-dynamic";
export const DELETE = deleteStaffRole;
