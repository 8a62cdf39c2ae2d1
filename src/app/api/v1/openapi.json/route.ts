import { getOpenApi } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const GET = getOpenApi;
