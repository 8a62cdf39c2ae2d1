// POST /api/admin/platform/sites/{siteId}/logo — operators: upload the logo, small logo or banner (multipart: logo, slot) → 201
import { postConsoleLogo } from "@/server/admin/api/platform";

export const dynamic = "force-dynamic";
export const POST = postConsoleLogo;
