// GET /api/admin/leads.csv?… — the inbox's leads with its filters, as CSV
import { exportLeads } from "@/server/admin/api/leads";

export const dynamic = "force-dynamic";
export const GET = exportLeads;
