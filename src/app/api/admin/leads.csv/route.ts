import { exportLeads } from "@/server/admin/admin-api";

export const dynamic = "force-dynamic";
export const GET = exportLeads;
