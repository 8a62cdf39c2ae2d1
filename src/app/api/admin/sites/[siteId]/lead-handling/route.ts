// PUT /api/admin/sites/{siteId}/lead-handling — the response target and round-robin assignment (managers and owners)
import { putLeadHandling } from "@/server/admin/api/settings";

export const dynamic = "force-dynamic";
export const PUT = putLeadHandling;
