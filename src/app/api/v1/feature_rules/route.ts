// GET /api/v1/feature_rules — administrator Basic auth; every feature rule in the order they apply
// POST /api/v1/feature_rules — administrator Basic auth; a new rule (match on id, slug, name, group or manufacturer; flags it sets) → 201
import { getFeatureRules, postFeatureRule } from "@/server/platform/feature-rules-api";

export const dynamic = "force-dynamic";
export const GET = getFeatureRules;
export const POST = postFeatureRule;
