// PUT /api/v1/feature_rules/{id}.json — administrator Basic auth; replace a rule
// DELETE /api/v1/feature_rules/{id}.json — administrator Basic auth; remove a rule → 204
import { deleteFeatureRuleRoute, putFeatureRule } from "@/server/platform/feature-rules-api";

export const dynamic = "force-dynamic";
export const PUT = putFeatureRule;
export const DELETE = deleteFeatureRuleRoute;
