import { receiveSiteChanged } from "@/server/platform/webhook-api";

export const dynamic = "force-dynamic";
export const POST = receiveSiteChanged;
