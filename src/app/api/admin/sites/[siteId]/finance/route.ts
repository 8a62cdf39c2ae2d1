// PUT /api/admin/sites/{siteId}/finance — the terms of the site's indicative repayments
import { putFinance } from "@/server/admin/api/settings";

export const dynamic = "force-dynamic";
export const PUT = putFinance;
