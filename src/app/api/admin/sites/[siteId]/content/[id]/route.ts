import { deleteContentEntry, putContent } from "@/server/admin/admin-api";

export const dynamic = "force-dynamic";
export const PUT = putContent;
export const DELETE = deleteContentEntry;
