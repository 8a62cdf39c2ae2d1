// GET /websites/{siteId}/pages/search_slugs.json — Basic auth; the site's search landing pages (docs/features/search-and-vehicles.md)
import { getSearchSlugs } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const GET = getSearchSlugs;
