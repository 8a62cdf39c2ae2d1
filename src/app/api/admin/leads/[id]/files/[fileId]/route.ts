// GET /api/admin/leads/{id}/files/{fileId} — a lead's attachment, as a download
import { downloadLeadFile } from "@/server/admin/api/leads";

export const dynamic = "force-dynamic";
export const GET = downloadLeadFile;
