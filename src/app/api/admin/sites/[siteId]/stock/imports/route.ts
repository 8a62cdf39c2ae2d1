import { postStockImport } from "@/server/admin/admin-api";

export const dynamic = "force-dynamic";
export const POST = postStockImport;
