// GET /websites/{siteId}/search_page_templates.json — Basic auth; H1, title and description per landing page kind (SPEC §7)
import { getSearchPageTemplates } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const GET = getSearchPageTemplates;
