// PUT /api/admin/sites/{siteId}/switches — the dealer's switches, on or off
import { putSwitches } from "@/server/admin/api/settings";

export const dynamic = "force-dynamic";
export const PUT = putSwitches;
