import { downloadLeadFile } from "@/server/admin/admin-api";

export const dynamic = "force-dynamic";
export const GET = downloadLeadFile;
