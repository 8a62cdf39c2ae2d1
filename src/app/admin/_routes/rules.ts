import "server-only";
import { requireOperator } from "@/server/admin/pages";
import { getDb } from "@/server/db";
import { listFeatureRules } from "@/server/repositories/feature-rules";

/** The feature rules, in the order they apply (operators). */
export async function loadRules() {
  await requireOperator();
  return { rules: await listFeatureRules(await getDb()) };
}
