// POST /api/admin/platform/rules — operators: a feature rule → 201
import { postConsoleRule } from "@/server/admin/api/platform";

export const dynamic = "force-dynamic";
export const POST = postConsoleRule;
