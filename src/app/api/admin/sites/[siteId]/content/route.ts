import { postContent } from "@/server/admin/admin-api";

export const dynamic = "force-dynamic";
export const POST = postContent;
