// GET /websites/{siteId}/search_page_templates.json — Basic auth; H1, title and description per landing page kind (docs/features/search-and-vehicles.md)
import { getSearchPageTemplates } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const GET = getSearchPageTemplates;
