// POST /api/admin/sites/{siteId}/vehicles/lookup — a rego looked up to fill the new-car form
import { postLookup } from "@/server/admin/api/vehicles";

export const dynamic = "force-dynamic";
export const POST = postLookup;
