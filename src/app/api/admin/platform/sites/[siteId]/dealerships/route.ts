// POST /api/admin/platform/sites/{siteId}/dealerships — operators: add a dealership (franchise) → 201
import { postConsoleDealership } from "@/server/admin/api/platform";

export const dynamic = "force-dynamic";
export const POST = postConsoleDealership;
