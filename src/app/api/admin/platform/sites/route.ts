// POST /api/admin/platform/sites — operators: a new site from its record (a draft) → 201
import { postConsoleSite } from "@/server/admin/api/platform";

export const dynamic = "force-dynamic";
export const POST = postConsoleSite;
