// GET /api/v1/websites/{siteId}/website_session_data.json — navigation, special hours, locations; JSON null for an unknown site (docs/features/platform-api.md)
import { getWebsiteSession } from "@/server/platform/dashboard-api";

export const dynamic = "force-dynamic";
export const GET = getWebsiteSession;
