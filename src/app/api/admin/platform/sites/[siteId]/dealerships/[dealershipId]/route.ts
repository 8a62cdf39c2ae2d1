// PUT /api/admin/platform/sites/{siteId}/dealerships/{dealershipId} — operators: change one dealership (hide, order, make…)
import { putConsoleDealership } from "@/server/admin/api/platform";

export const dynamic = "force-dynamic";
export const PUT = putConsoleDealership;
