import { getSearchPageTemplates } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const GET = getSearchPageTemplates;
