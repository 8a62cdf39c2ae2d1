// DELETE /api/admin/platform/rules/{ruleId} — operators: remove a feature rule
import { deleteConsoleRule } from "@/server/admin/api/platform";

export const dynamic = "force-dynamic";
export const DELETE = deleteConsoleRule;
