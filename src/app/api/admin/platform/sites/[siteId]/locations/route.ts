// POST /api/admin/platform/sites/{siteId}/locations — operators: add a location → 201
import { postConsoleLocation } from "@/server/admin/api/platform";

export const dynamic = "force-dynamic";
export const POST = postConsoleLocation;
